/// Options that usage lists together under a heading, such as "Options of list and show:".
public struct OptionGroup: Sendable, Equatable {
    /// The line usage prints above the options.
    public let heading: String
    /// The options, in the order usage lists them.
    public let options: [Option]

    /// The `options`, listed under `heading`.
    public init(_ heading: String, _ options: [any OptionDeclaration]) {
        self.heading = heading
        self.options = options.map(\.option)
    }
}
