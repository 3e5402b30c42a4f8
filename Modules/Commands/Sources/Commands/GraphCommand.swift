import CommandLineKit

/// `graph`: the module graph from the manifests, or the object graph the program's container
/// builds, which only the composition root can draw (`objectGraph`).
public struct GraphCommand: ProgramCommand {
    private let kind: GraphKind
    private let format: GraphFormat
    private let objectGraph: @Sendable (GraphFormat) async throws -> String
    private let console: Console

    /// Prints the `kind` graph in `format`; `objectGraph` draws the objects in a format.
    public init(
        kind: GraphKind, format: GraphFormat, objectGraph: @escaping @Sendable (GraphFormat) async throws -> String, console: Console
    ) {
        self.kind = kind
        self.format = format
        self.objectGraph = objectGraph
        self.console = console
    }

    /// Prints the module graph or the object graph in the chosen format.
    public func run() async throws {
        switch kind {
        case .modules:
            switch format {
            case .text: console.out(ModuleGraph.text)
            case .mermaid: console.out(ModuleGraph.mermaid)
            case .dot: console.out(ModuleGraph.dot)
            }
        case .objects:
            console.out(try await objectGraph(format))
        }
    }
}
