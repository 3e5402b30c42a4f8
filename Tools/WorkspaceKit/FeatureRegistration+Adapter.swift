import Foundation

extension FeatureRegistration {
    /// The port's assembly with `adapter` registered as its live implementation, in place of the
    /// bundled one the feature template wrote, and the adapter imported; throws when the assembly
    /// is missing or no longer registers the template's bundled service.
    func registered(_ adapter: AdapterTemplate) throws -> String {
        let port = adapter.port
        let path = assemblyPath(port.module.name)
        guard let text = try? String(contentsOf: workspace.appendingPathComponent(path), encoding: .utf8) else {
            throw ScaffoldError(description: "\(path) is missing: the adapter registers itself in the assembly of \(port.module.name)")
        }
        var lines = text.components(separatedBy: "\n")
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard
            let start = trimmed.indices.first(where: { index in
                trimmed[index] == "single { () -> any \(port.protocolName) in" && index + 2 < trimmed.count
                    && trimmed[index + 1].hasPrefix("Bundled\(port.protocolName)(") && trimmed[index + 2] == "}"
            })
        else {
            throw ScaffoldError(
                description: "\(path) no longer registers the template's Bundled\(port.protocolName): register "
                    + "\(adapter.typeName) there yourself")
        }
        let indent = String(lines[start].prefix { $0 == " " })
        lines.replaceSubrange(start...(start + 2), with: adapter.registration.map { indent + $0 })
        let said = lines.map { $0.replacing(Self.bundledPromise, with: "\(adapter.typeName) in the data directory") }
        return Self.importing(adapter.module.name, into: said).joined(separator: "\n")
    }

    /// What the feature template's assembly says of its service until an adapter replaces it.
    static let bundledPromise = "answering from bundled items until a live one replaces it"

    /// `lines` with `import <name>` added to their first block of imports, which stays sorted.
    static func importing(_ name: String, into lines: [String]) -> [String] {
        guard let first = lines.firstIndex(where: { $0.hasPrefix("import ") }) else { return ["import \(name)", ""] + lines }
        let end = lines[first...].firstIndex { !$0.hasPrefix("import ") } ?? lines.endIndex
        let imports = Set(lines[first..<end] + ["import \(name)"]).sorted()
        var result = lines
        result.replaceSubrange(first..<end, with: imports)
        return result
    }
}
