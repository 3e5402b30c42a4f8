import Browse
import Commands

extension FeatureAssembly {
    /// The character browser: `list` and `show`, reading through the repository and reporting on
    /// the cache.
    static let browse = FeatureAssembly { backends in
        let context = BrowseCommandLine.Context(sourceOptions: Options.sources(backends))
        return [
            ListCommand.command(context).map { request, _ in
                { resolver, console in ListCommand(request, repository: try await resolver(), cache: try await resolver(), console: console)
                }
            },
            ShowCommand.command(context).map { request, _ in
                { resolver, console in ShowCommand(request, repository: try await resolver(), cache: try await resolver(), console: console)
                }
            },
        ]
    }
}
