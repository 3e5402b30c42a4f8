import Foundation

/// Small text edits to module manifests that keep the rest of the file as it is.
///
/// It edits the arguments the workspace's helpers take (`Manifests/Helpers/`): `dependencies:`
/// for the module, `testing:` and `tests:` for its Testing and test targets.
struct ManifestEditor {
    /// The argument of a manifest that lists one target's dependencies.
    enum List: String {
        /// The module's own.
        case dependencies
        /// Its Testing target's, besides the module.
        case testing
        /// Its test target's, besides the module.
        case tests
    }

    let root: URL

    /// Adds `names` to the manifest's `<list>: [...]`, keeping it sorted, or gives the manifest
    /// that argument after its `dependencies:` list, its `layer:` or its module's name; returns
    /// whether the file changed.
    func addDependencies(_ names: [String], to manifest: String, list: List = .dependencies) throws -> Bool {
        let url = root.appendingPathComponent(manifest)
        let text = try String(contentsOf: url, encoding: .utf8)
        if let match = Self.firstMatch(#"\b"# + list.rawValue + #":[ \t]*\[([^\]]*)\]"#, in: text),
            let whole = Range(match.range, in: text), let listed = Range(match.range(at: 1), in: text)
        {
            let current = text[listed].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\"")) }
                .filter { !$0.isEmpty }
            let merged = Array(Set(current + names)).sorted()
            guard merged.count != current.count else { return false }
            try text.replacingCharacters(in: whole, with: Self.argument(list, merged)).write(to: url, atomically: true, encoding: .utf8)
            return true
        }
        let anchors = [
            #"\bdependencies:[ \t]*\[[^\]]*\]"#, #"layer:[ \t]*\.[A-Za-z_][A-Za-z0-9_]*"#, #"Module[ \t]*\.[a-z][A-Za-z]*\([ \t]*"[^"]*""#,
        ]
        guard let anchor = anchors.lazy.compactMap({ Self.firstMatch($0, in: text) }).first, let after = Range(anchor.range, in: text)
        else {
            throw ScaffoldError(
                description: "\(manifest) has no \(list.rawValue): [...] list, nor a place to add one for \(names.joined(separator: ", "))")
        }
        try text.replacingCharacters(in: after, with: text[after] + ", " + Self.argument(list, names.sorted())).write(
            to: url, atomically: true, encoding: .utf8)
        return true
    }

    /// The manifest's text with `name` taken out of its `dependencies: [...]`; nil when it is not there.
    func removingDependency(_ name: String, from manifest: String) throws -> String? {
        let text = try String(contentsOf: root.appendingPathComponent(manifest), encoding: .utf8)
        guard let match = Self.firstMatch(#"\bdependencies:[ \t]*\[([^\]]*)\]"#, in: text),
            let whole = Range(match.range, in: text), let listed = Range(match.range(at: 1), in: text)
        else { return nil }
        let current = text[listed].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\"")) }
        guard current.contains(name) else { return nil }
        return text.replacingCharacters(in: whole, with: Self.argument(.dependencies, current.filter { $0 != name && !$0.isEmpty }))
    }

    private static func argument(_ list: List, _ names: [String]) -> String {
        "\(list.rawValue): [" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    private static func firstMatch(_ pattern: String, in text: String) -> NSTextCheckingResult? {
        (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
