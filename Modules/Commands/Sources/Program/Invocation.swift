import Arguments
import CommandLineKit
import DataProviders
import Foundation

/// What the user asked the program to do.
public enum Request: Equatable, Sendable {
    /// Print a page of characters.
    case list(offset: Int, limit: Int, query: CharacterQuery)
    /// Print one character.
    case show(id: Int)
    /// Serve the Marvel API emulator over HTTP on 127.0.0.1:`port` until stopped, at most
    /// `maxConnections` at a time, each request given `requestTimeout` seconds.
    case serve(port: Int, maxConnections: Int, requestTimeout: Int)
    /// Print the module graph (from the manifests) or the container's object graph.
    case graph(GraphKind, GraphFormat)
    /// Print the disk (or Redis) cache's entries, bytes, hits and misses.
    case cacheStats
    /// Empty the disk (or Redis) cache.
    case cacheClear
    /// A command a feature registered, by its name; what it asks is the `ProgramLine`'s `feature`.
    case feature(String)
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
    /// Table or JSON.
    public var format = OutputFormat.table
    /// Whether to print every count after a read.
    public var detailedStatistics = false
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

/// A parsed command line of a program with features: the invocation, and what a feature's command
/// asks (its reader's `Request`) when the command is a feature's.
public struct ProgramLine<Request: Sendable>: Sendable {
    /// The request and the options shared by every command.
    public let invocation: Invocation
    /// What the feature's command asks, read by the feature; nil for the program's own commands.
    public let feature: Request?

    /// The line of `invocation`, asking `feature` of a feature.
    public init(_ invocation: Invocation, feature: Request? = nil) {
        self.invocation = invocation
        self.feature = feature
    }
}
