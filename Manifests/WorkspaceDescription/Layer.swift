/// A layer of the architecture. Workspace.swift names each one once, as a static member
/// (`extension Layer { static let domain = Layer("domain") }`), and manifests then write `.domain`.
public struct Layer: Hashable, Codable, Sendable {
    /// The layer's name, as `check` and `graph` print it.
    public let name: String

    /// The layer called `name`.
    public init(_ name: String) {
        self.name = name
    }
}

/// A layer and the layers its modules may import; a layer that names itself allows edges inside it.
public struct LayerRule: Codable, Sendable {
    /// The layer the rule is for.
    public let layer: Layer
    /// The layers its modules may import.
    public let mayDependOn: [Layer]

    /// Modules of `layer` may import modules of `mayDependOn`.
    public init(_ layer: Layer, mayDependOn: [Layer]) {
        self.layer = layer
        self.mayDependOn = mayDependOn
    }
}
