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
        let bundled = Self.bundledRegistration(port: port.module.name, protocol: port.protocolName).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let start = trimmed.indices.first(where: { trimmed[$0...].starts(with: bundled) }) else {
            throw ScaffoldError(
                description: "\(path) no longer registers the template's Bundled\(port.protocolName): register "
                    + "\(adapter.typeName) there yourself")
        }
        let indent = String(lines[start].prefix { $0 == " " })
        lines.replaceSubrange(start...(start + 2), with: adapter.registration.map { indent + $0 })
        let said = lines.map { $0.replacing(Self.bundledPromise, with: "\(adapter.typeName) in the data directory") }
        return SourceRewriter.addingImport(adapter.module.name, in: said.joined(separator: "\n"))
    }

    /// The assembly of `port` with the adapter `name` the template registered there taken out:
    /// the bundled service back in its place, and its import gone; nil when the assembly does not
    /// hold the template's registration of it.
    func unregistered(_ name: String, port: String) throws -> String? {
        let path = assemblyPath(port)
        guard let text = try? String(contentsOf: workspace.appendingPathComponent(path), encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\n")
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let opening = "single { (resolver: AsyncResolver) async throws -> any "
        guard lines.contains("import \(name)"),
            let start = trimmed.indices.first(where: { index in
                index + 3 < trimmed.count && trimmed[index].hasPrefix(opening) && trimmed[index].hasSuffix(" in")
                    && trimmed[index + 1] == AdapterTemplate.configurationLine && trimmed[index + 2].hasPrefix("return try ")
                    && trimmed[index + 2].hasSuffix(AdapterTemplate.openingSuffix) && trimmed[index + 3] == "}"
            })
        else { return nil }
        let protocolName = String(trimmed[start].dropFirst(opening.count).dropLast(" in".count))
        let type = String(trimmed[start + 2].dropFirst("return try ".count).dropLast(AdapterTemplate.openingSuffix.count))
        let indent = String(lines[start].prefix { $0 == " " })
        lines.replaceSubrange(start...(start + 3), with: Self.bundledRegistration(port: port, protocol: protocolName).map { indent + $0 })
        let said = lines.map { $0.replacing("\(type) in the data directory", with: Self.bundledPromise) }
        return SourceRewriter.removingImport(name, in: said.joined(separator: "\n"))
    }

    /// The registration of `port`'s bundled service as the feature template writes it, one line
    /// each, without indentation.
    static func bundledRegistration(port: String, protocol name: String) -> [String] {
        ["single { () -> any \(name) in", "    Bundled\(name)(items: [\(port)Item(id: \"1\", title: \"First\")])", "}"]
    }

    /// What the feature template's assembly says of its service until an adapter replaces it.
    static let bundledPromise = "answering from bundled items until a live one replaces it"
}
