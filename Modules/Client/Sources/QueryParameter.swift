/// One `name=value` query parameter.
public struct QueryParameter: Sendable, Equatable {
    /// The parameter's name.
    public let name: String
    /// The parameter's value, unescaped.
    public let value: String

    /// A parameter from any value printed as text.
    public init(_ name: String, _ value: some CustomStringConvertible) {
        self.name = name
        self.value = value.description
    }
}
