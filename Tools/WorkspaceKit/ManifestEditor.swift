import Foundation

/// Small text edits to module manifests that keep the rest of the file as it is.
struct ManifestEditor {
    let root: URL

    /// Adds `names` to the manifest's `dependencies: [...]`, keeping the list sorted; returns
    /// whether the file changed.
    func addDependencies(_ names: [String], to manifest: String) throws -> Bool {
        let url = root.appendingPathComponent(manifest)
        let text = try String(contentsOf: url, encoding: .utf8)
        let pattern = #"dependencies:[ \t]*\[([^\]]*)\]"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let whole = Range(match.range, in: text), let list = Range(match.range(at: 1), in: text)
        else {
            throw ScaffoldError(description: "\(manifest) has no dependencies: [...] list to add \(names.joined(separator: ", ")) to")
        }
        let current = text[list].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\"")) }
            .filter { !$0.isEmpty }
        let merged = Array(Set(current + names)).sorted()
        guard merged.count != current.count else { return false }
        let replacement = "dependencies: [" + merged.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        try text.replacingCharacters(in: whole, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        return true
    }
}
