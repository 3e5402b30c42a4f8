import Arguments
import CommandLineKit
import Foundation

/// What the user asked the program to do.
public enum Request: Equatable, Sendable {
    /// Run a command, by its name (`favorites add`); what it asks is the `ProgramLine`'s `command`.
    case command(String)
    /// Print this usage text.
    case help(String)
    /// Print the version.
    case version
}

/// Which graph `graph` prints.
public enum GraphKind: String, Equatable, Sendable {
    /// The module graph, from the manifests.
    case modules
    /// The object graph the container builds.
    case objects
}

/// How `graph` prints it.
public enum GraphFormat: String, Equatable, CaseIterable, Sendable {
    /// Lines of text.
    case text
    /// A Mermaid graph.
    case mermaid
    /// A Graphviz graph.
    case dot
}

/// Where characters come from.
public enum ProviderChoice: String, Equatable, CaseIterable, Sendable {
    /// The Marvel API emulator over fixtures, in process.
    case fixture
    /// A Marvel API server over HTTP: the retired real one, `serve`, or a compatible one.
    case marvel
}

/// A parsed command line: the request and the options that shape the object graph and output.
public struct Invocation: Equatable, Sendable {
    /// What to do.
    public var request: Request
    /// Where characters come from.
    public var provider = ProviderChoice.fixture
    /// The Marvel API server for `--provider marvel`; nil means the real one.
    public var baseURL: URL?
    /// The fixture directory to serve; nil means the bundled fixtures.
    public var fixturesDirectory: URL?
    /// The registered cache `--cache` names, or its default (for `cache stats|clear`, which
    /// cache); empty in an invocation not parsed from a command line.
    public var cache = ""
    /// The most a call to a Marvel API server may take, retries included.
    public var timeout = Duration.seconds(Options.defaultTimeoutSeconds)
    /// The registered favourites store `--store` names, or its default; empty in an invocation
    /// not parsed from a command line.
    public var store = ""
    /// The command line this was parsed from, where each backend reads its own options; nil for
    /// `--help` and `--version`.
    public var arguments: ParsedArguments?

    /// An invocation of `request` with every option at its default.
    public init(request: Request) {
        self.request = request
    }
}

/// A parsed command line: the invocation, and what the command named asks (its reader's
/// `Request`); nil for `--help` and `--version`.
public struct ProgramLine<Request: Sendable>: Sendable {
    /// The request and the options shared by every command.
    public let invocation: Invocation
    /// What the command asks, read by its own reader.
    public let command: Request?

    /// The line of `invocation`, asking `command`.
    public init(_ invocation: Invocation, command: Request? = nil) {
        self.invocation = invocation
        self.command = command
    }
}
