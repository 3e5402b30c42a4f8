import Injection

/// `graph`: the module graph from the manifests, or the object graph the container builds.
struct GraphCommand {
    let kind: GraphKind
    let format: GraphFormat

    func render(_ configuration: AppConfiguration) throws -> String {
        switch kind {
        case .modules:
            switch format {
            case .text: return ModuleGraph.text
            case .mermaid: return ModuleGraph.mermaid
            case .dot: return ModuleGraph.dot
            }
        case .objects:
            let graph = try Container(AppComponents.all(configuration)).graph()
            switch format {
            case .text: return graph.text
            case .mermaid: return graph.mermaid
            case .dot: return graph.dot
            }
        }
    }
}
