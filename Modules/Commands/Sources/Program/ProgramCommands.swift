import Arguments
import CommandLineKit

/// The program's own commands, which the composition root registers beside the features': each
/// declared in `Declarations` and read here into what it asks.
public enum ProgramCommands {
    /// What `serve` was asked: the port on 127.0.0.1 (0 picks one), how many connections at once,
    /// and the seconds each request is given.
    public struct Serve: Equatable, Sendable {
        /// The port on 127.0.0.1; 0 picks a free one.
        public var port: Int
        /// The most connections served at once.
        public var maxConnections: Int
        /// The seconds a request has to arrive, and a response to be written.
        public var requestTimeout: Int

        /// A request of these values.
        public init(port: Int, maxConnections: Int, requestTimeout: Int) {
            (self.port, self.maxConnections, self.requestTimeout) = (port, maxConnections, requestTimeout)
        }
    }

    /// What `graph` was asked: which graph, in which format.
    public struct Graph: Equatable, Sendable {
        /// The module graph or the object graph.
        public var kind: GraphKind
        /// Text, Mermaid or Graphviz.
        public var format: GraphFormat

        /// The `kind` graph in `format`.
        public init(kind: GraphKind, format: GraphFormat) {
            (self.kind, self.format) = (kind, format)
        }
    }

    /// What `cache stats|clear` was asked: the action, and table or JSON.
    public struct Cache: Equatable, Sendable {
        /// Print the statistics, or empty the cache.
        public var action: CacheCommand.Action
        /// Table or JSON.
        public var format: OutputFormat

        /// `action`, printed in `format`.
        public init(action: CacheCommand.Action, format: OutputFormat) {
            (self.action, self.format) = (action, format)
        }
    }

    /// `serve`.
    public static let serve = FeatureCommand(Declarations.serve) { parsed in
        Serve(port: parsed[Options.port], maxConnections: parsed[Options.maxConnections], requestTimeout: parsed[Options.requestTimeout])
    }

    /// `graph`, its object graph drawn for the options `backends` declare.
    public static func graph(_ backends: ProgramBackends) -> FeatureCommand<Graph> {
        FeatureCommand(Declarations.graph(backends)) { parsed in
            Graph(kind: parsed[Options.objects] ? .objects : .modules, format: parsed[Options.graphFormat])
        }
    }

    /// `cache stats|clear`, on a cache of `backends` that has a maintenance.
    public static func cache(_ backends: ProgramBackends) -> FeatureCommand<Cache> {
        FeatureCommand(Declarations.cache(backends)) { parsed throws(UsageError) in
            let command = parsed.command
            let chosen = parsed.string(backends.maintainedCache) ?? ""
            if parsed.isGiven(backends.maintainedCache) && !backends.maintainedCaches.contains(chosen) {
                let maintained = ProgramBackends.either(backends.maintainedCaches)
                throw UsageError(message: "\(command.name) works on --cache \(maintained), got '\(chosen)'.")
            }
            return Cache(action: command.word == "stats" ? .statistics : .clear, format: parsed[Options.cacheFormat])
        }
    }
}
