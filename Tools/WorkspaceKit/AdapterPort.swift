import Foundation

/// The port an adapter implements: the protocol whose contract suite `<Port>Testing` ships
/// (`public enum <Protocol>Contract`), read from the port module's files.
struct AdapterPort {
    /// The module that declares the protocol.
    let module: Module
    /// The protocol, such as `ForecastsService`.
    let protocolName: String

    /// The value the template-shaped protocol answers with, such as `ForecastsItem`.
    var item: String { "\(module.name)Item" }
    /// The error it throws for an unknown id, such as `ForecastsError`.
    var error: String { "\(module.name)Error" }

    /// The one requirement the service and feature templates give a port, which is the shape an
    /// adapter template can implement in full.
    var templateRequirement: String { "func item(id: String) async throws -> \(item)" }

    /// The port of `module` in the workspace at `root`; a refusal when its Testing target holds no
    /// contract, its sources do not declare the protocol, or the protocol asks more than the
    /// templates' `item(id:)` (an adapter of another shape is written by hand).
    static func find(_ module: Module, root: URL) throws -> AdapterPort {
        let contracts = declarations(in: module.testingPath, root: root, matching: #"public enum (\w+)Contract\b"#)
        guard let protocolName = contracts.first else {
            throw ScaffoldError(
                description: "\(module.name) ships no contract for an adapter's tests to run: its Testing target declares no "
                    + "`public enum <Protocol>Contract`")
        }
        let port = AdapterPort(module: module, protocolName: protocolName)
        guard let body = port.protocolBody(root: root) else {
            throw ScaffoldError(description: "\(module.name)'s sources declare no `public protocol \(protocolName)` for its contract")
        }
        let requirements = body.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        guard requirements == [port.templateRequirement] else {
            throw ScaffoldError(
                description: "the adapter template implements a port shaped as the service and feature templates write it "
                    + "(`\(port.templateRequirement)`), and \(protocolName) asks for more: write its adapter by hand "
                    + "(`new <Name> --layer adapter --dependencies \(module.name),<Technology>`)")
        }
        return port
    }

    /// The lines inside `public protocol <protocolName> … { … }` in the module's sources, or nil.
    private func protocolBody(root: URL) -> [String]? {
        for text in Self.texts(in: module.sourcesDirectory, root: root) {
            let lines = text.components(separatedBy: "\n")
            guard
                let start = lines.firstIndex(where: {
                    $0.hasPrefix("public protocol \(protocolName):") || $0.hasPrefix("public protocol \(protocolName) ")
                }),
                let end = lines[start...].firstIndex(of: "}")
            else { continue }
            return Array(lines[(start + 1)..<end])
        }
        return nil
    }

    /// The first capture of `pattern` in each Swift file below `folder`, sorted.
    private static func declarations(in folder: String, root: URL, matching pattern: String) -> [String] {
        guard !folder.isEmpty, let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return texts(in: folder, root: root).flatMap { text in
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }.sorted()
    }

    /// The texts of the Swift files below `folder`, in path order.
    private static func texts(in folder: String, root: URL) -> [String] {
        SourceFiles.swiftFiles(in: root.appendingPathComponent(folder), excluding: []).compactMap {
            try? String(contentsOf: $0.url, encoding: .utf8)
        }
    }
}
