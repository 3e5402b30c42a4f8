import Commands
import Emulator
import HTTPServer
import Injection

extension FeatureAssembly {
    /// The app's own commands, which operate the program rather than a feature: `serve` the
    /// emulator, draw a `graph`, look after the cache (`cache stats|clear`).
    static let app = FeatureAssembly { backends in
        [
            ProgramCommands.serve.map { request, _ in
                { resolver, console in
                    let emulator: MarvelAPIEmulator = try await resolver()
                    return ServeCommand(console: console) { log in
                        let server = try LoopbackHTTPServer(
                            port: UInt16(request.port), maxConnections: request.maxConnections,
                            requestTimeout: .seconds(request.requestTimeout), log: log, handler: LoopbackHTTPServer.forwarding(to: emulator)
                        )
                        return RunningServer(address: server.baseURL.absoluteString) {
                            await server.stop(drainingWithin: .seconds(request.requestTimeout))
                        }
                    }
                }
            },
            ProgramCommands.graph(backends).map { request, _ in
                { resolver, console in
                    let configuration: AppConfiguration = try await resolver()
                    return GraphCommand(
                        kind: request.kind, format: request.format,
                        objectGraph: { try await AppComponents.drawObjects(configuration, $0) }, console: console)
                }
            },
            ProgramCommands.cache(backends).map { request, _ in
                { resolver, console in
                    let configuration: AppConfiguration = try await resolver()
                    let maintenance = try await CacheBackends.maintenance(configuration, resolver, console)
                    return CacheCommand(request.action, maintenance: maintenance, format: request.format, console: console)
                }
            },
        ]
    }
}
