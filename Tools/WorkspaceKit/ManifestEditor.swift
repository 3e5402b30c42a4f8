import Foundation

/// Small text edits to module manifests that keep the rest of the file as it is.
struct ManifestEditor {
    let root: URL

    /// Adds `names` to the manifest's `dependencies: [...]`, keeping the list sorted, or gives it
    /// one after its `layer: .name` argument; returns whether the file changed.
    func addDependencies(_ names: [String], to manifest: String) throws -> Bool {
        let url = root.appendingPathComponent(manifest)
        let text = try String(contentsOf: url, encoding: .utf8)
        if let match = Self.firstMatch(#"dependencies:[ \t]*\[([^\]]*)\]"#, in: text), let whole = Range(match.range, in: text),
            let list = Range(match.range(at: 1), in: text)
        {
            let current = text[list].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\"")) }
                .filter { !$0.isEmpty }
            let merged = Array(Set(current + names)).sorted()
            guard merged.count != current.count else { return false }
            try text.replacingCharacters(in: whole, with: Self.list(merged)).write(to: url, atomically: true, encoding: .utf8)
            return true
        }
        guard let match = Self.firstMatch(#"layer:[ \t]*\.[A-Za-z_][A-Za-z0-9_]*"#, in: text), let layer = Range(match.range, in: text)
        else {
            throw ScaffoldError(
                description:
                    "\(manifest) has neither a dependencies: [...] list nor a layer: argument to add \(names.joined(separator: ", ")) after"
            )
        }
        try text.replacingCharacters(in: layer, with: text[layer] + ", " + Self.list(names.sorted())).write(
            to: url, atomically: true, encoding: .utf8)
        return true
    }

    private static func list(_ names: [String]) -> String {
        "dependencies: [" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    private static func firstMatch(_ pattern: String, in text: String) -> NSTextCheckingResult? {
        (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
