/// What a command's declaration lists as an option: an `Option`, or a `TypedOption` of any value type.
public protocol OptionDeclaration: Sendable {
    /// The declaration the parser, the usage and the errors read.
    var option: Option { get }
}

extension Option: OptionDeclaration {
    /// This option itself.
    public var option: Option { self }
}
