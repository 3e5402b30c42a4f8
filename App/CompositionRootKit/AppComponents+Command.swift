import CommandLineKit
import Commands
import Emulator
import HTTPServer
import Injection

extension AppComponents {
    /// The command `line` asks for, built from the container's objects: a feature's by the builder
    /// its assembly read, the program's own here; async, since the objects it may need are.
    static func command(_ line: ProgramLine<FeatureAssembly.Build>, configuration: AppConfiguration, console: Console) -> Component {
        let invocation = line.invocation
        return Component {
            single { (resolver: AsyncResolver) async throws -> any ProgramCommand in
                if let feature = line.feature { return try await feature(resolver, console) }
                let format = invocation.format
                switch invocation.request {
                case .help(let text):
                    return TextCommand(text, console: console)
                case .version:
                    return TextCommand(Usage.version, console: console)
                case .list(let offset, let limit, let query):
                    return ListCommand(
                        offset: offset, limit: limit, query: query, repository: try await resolver(), cache: try await resolver(),
                        format: format,
                        detailedStatistics: invocation.detailedStatistics, console: console)
                case .show(let id):
                    return ShowCommand(
                        id: id, repository: try await resolver(), cache: try await resolver(), format: format,
                        detailedStatistics: invocation.detailedStatistics, console: console)
                case .serve(let port, let maxConnections, let requestTimeout):
                    let emulator: MarvelAPIEmulator = try await resolver()
                    return ServeCommand(console: console) { log in
                        let server = try LoopbackHTTPServer(
                            port: UInt16(port), maxConnections: maxConnections, requestTimeout: .seconds(requestTimeout), log: log,
                            handler: LoopbackHTTPServer.forwarding(to: emulator))
                        return RunningServer(address: server.baseURL.absoluteString) {
                            await server.stop(drainingWithin: .seconds(requestTimeout))
                        }
                    }
                case .graph(let kind, let graphFormat):
                    return GraphCommand(
                        kind: kind, format: graphFormat, objectGraph: { try await drawObjects(configuration, $0) }, console: console)
                case .cacheStats, .cacheClear:
                    let maintenance = try await CacheBackends.maintenance(configuration, resolver, console)
                    return CacheCommand(
                        invocation.request == .cacheStats ? .statistics : .clear, maintenance: maintenance, format: format, console: console
                    )
                case .feature(let name):
                    // Only a parse without the feature's assembly asks this: refused as unknown.
                    throw UsageError(message: "Unknown subcommand '\(name)'.")
                }
            }
        }
    }
}
