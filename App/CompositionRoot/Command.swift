import Foundation

/// What the user asked the program to do.
enum Command: Equatable {
    /// Print a page of characters.
    case list(offset: Int, limit: Int)
    /// Print one character.
    case show(id: Int)
    /// Serve the Marvel API emulator over HTTP on 127.0.0.1:`port` until stopped.
    case serve(port: Int)
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
