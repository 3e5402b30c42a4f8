/// A value written in a manifest: the small subset of Swift expressions the DSL uses.
indirect enum ManifestValue: Equatable {
    case string(String)
    case bool(Bool)
    /// `Name(arguments)`.
    case call(String, [ManifestArgument])
    /// `.name` or `.name(arguments)`.
    case member(String, [ManifestArgument]?)
    case array([ManifestValue])

    var kind: String {
        switch self {
        case .string: "a string"
        case .bool: "true or false"
        case .call(let name, _): "\(name)(…)"
        case .member(let name, _): ".\(name)"
        case .array: "an array"
        }
    }
}

/// One argument of a call: `label: value` or a bare value, with the line it starts on.
struct ManifestArgument: Equatable {
    let label: String?
    let value: ManifestValue
    let line: Int
}
