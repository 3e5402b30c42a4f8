import Arguments

/// A command a feature contributes to the program: its declaration, and the reader that turns a
/// parsed command line into what the feature was asked (`Request`), run before anything is built
/// so that a wrong command line is refused first.
public struct FeatureCommand<Request: Sendable>: Sendable {
    /// The command, with its subcommands and options.
    public let declaration: Command
    /// What the parsed command line asks of the feature; throws the error a user sees.
    public let read: @Sendable (ParsedArguments) throws(UsageError) -> Request

    /// A command declared by `declaration` and read by `read`.
    public init(_ declaration: Command, read: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Request) {
        self.declaration = declaration
        self.read = read
    }

    /// The same command, its request turned by `transform` (given the parsed command line too)
    /// into what the program runs, such as a builder of the command.
    public func map<Other: Sendable>(
        _ transform: @escaping @Sendable (Request, ParsedArguments) -> Other
    ) -> FeatureCommand<Other> {
        let read = self.read
        return FeatureCommand<Other>(declaration) { parsed throws(UsageError) in transform(try read(parsed), parsed) }
    }
}
