/// The object graph of a container: its registrations and which builder resolves which.
public struct ObjectGraph: Sendable, Equatable {
    /// One registration.
    public struct Node: Sendable, Equatable {
        /// The registered type and name.
        public let key: RegistrationKey
        /// Single or factory.
        public let lifetime: Lifetime
        /// Whether its builder is synchronous, async, or bound to an actor.
        public let builder: BuilderKind

        /// `single`, `single, async` or `factory, @MainActor`: how it is built, as the graph shows it.
        public var label: String {
            switch builder {
            case .synchronous: lifetime.rawValue
            case .async: "\(lifetime.rawValue), async"
            case .actor(let name): "\(lifetime.rawValue), @\(name)"
            }
        }
    }

    /// `from`'s builder resolves `to`.
    public struct Edge: Sendable, Equatable {
        /// The registration being built.
        public let from: RegistrationKey
        /// What its builder asked for.
        public let to: RegistrationKey
    }

    /// Every registration, in registration order.
    public let nodes: [Node]
    /// Every dependency seen while building each registration once.
    public let edges: [Edge]

    /// One line per registration with its dependencies: `CharacterRepository (factory) → Caching, …`.
    public var text: String {
        nodes.map { node in
            let needs = edges.filter { $0.from == node.key }.map(\.to.description)
            let head = "\(node.key) (\(node.label))"
            return needs.isEmpty ? head : "\(head) → \(needs.joined(separator: ", "))"
        }.joined(separator: "\n")
    }

    /// A Mermaid flowchart of the graph.
    public var mermaid: String {
        var lines = ["graph TD"]
        lines += nodes.map { "    \(identifier($0.key))[\"\($0.key) (\($0.label))\"]" }
        lines += edges.map { "    \(identifier($0.from)) --> \(identifier($0.to))" }
        return lines.joined(separator: "\n")
    }

    /// A Graphviz DOT digraph of the graph.
    public var dot: String {
        var lines = ["digraph objects {"]
        lines += nodes.map { "    \(quoted($0.key.description)) [label=\(quoted("\($0.key) (\($0.label))"))];" }
        lines += edges.map { "    \(quoted($0.from.description)) -> \(quoted($0.to.description));" }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\\\"") + "\""
    }

    private func identifier(_ key: RegistrationKey) -> String {
        String(key.description.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
