import Foundation

/// What the user asked the program to do.
enum Command: Equatable {
    /// Print a page of characters.
    case list(offset: Int, limit: Int)
    /// Print one character.
    case show(id: Int)
    /// Print usage.
    case help
    /// Print the version.
    case version
}

/// A parsed command line: the command and the options every command shares.
struct Invocation: Equatable {
    var command: Command
    var fixturesDirectory: URL?
}
