// The workspace's rules, read by `swift run workspace` (see docs/WORKSPACE.md).
// Layers are listed outermost first; a module may import only modules of the layers its own
// layer names in `mayDependOn`. A layer that names itself allows edges inside it; `check` still
// refuses any cycle. See docs/ARCHITECTURE.md, "Layers".
import WorkspaceDescription

extension Layer {
    /// The executable and its library: composition only.
    static let app = Layer("app")
    /// Implementations at the edge: each adapts one technology (a database, a server, a web API)
    /// to a protocol an inner module declares. Only the app imports them.
    static let adapter = Layer("adapter")
    /// The command-line program.
    static let interface = Layer("interface")
    /// Features built from the domain.
    static let feature = Layer("feature")
    /// The app's own rules: repositories and cache policy.
    static let domain = Layer("domain")
    /// What the domain reads through: characters and the protocol that provides them, caches.
    static let data = Layer("data")
    /// Technologies: HTTP and its server, the Marvel API client, SQLite, PostgreSQL, Redis.
    static let infrastructure = Layer("infrastructure")
    /// What everything may use: injection, coding, arguments, test support.
    static let foundation = Layer("foundation")
}

let workspace = Workspace(
    name: "Excelsior",
    macOS: "15",
    layers: [
        LayerRule(.app, mayDependOn: [.app, .adapter, .interface, .feature, .domain, .data, .infrastructure, .foundation]),
        LayerRule(.adapter, mayDependOn: [.feature, .domain, .data, .infrastructure, .foundation]),
        LayerRule(.interface, mayDependOn: [.feature, .domain, .data, .foundation]),
        LayerRule(.feature, mayDependOn: [.domain, .data, .foundation]),
        LayerRule(.domain, mayDependOn: [.data, .foundation]),
        LayerRule(.data, mayDependOn: [.data, .foundation]),
        LayerRule(.infrastructure, mayDependOn: [.infrastructure, .foundation]),
        LayerRule(.foundation, mayDependOn: [.foundation]),
    ],
    injection: "Injection",
    mayImportInjection: ["CompositionRoot", "CompositionRootKit"],
    testSupport: "TestSupport",
    moduleGraphFile: "Modules/Commands/Sources/Program/ModuleGraph.swift",
    requiresCatalogs: true,
    tools: [
        .library(name: "WorkspaceDescription", path: "Manifests/WorkspaceDescription", dependencies: []),
        .toolLibrary("WorkspaceKit", dependencies: ["Arguments", "Processes", "WorkspaceDescription"]),
        .program("workspace", dependencies: ["WorkspaceKit"]),
        .program("cli-manual", dependencies: ["Commands", "CompositionRootKit"], generates: "docs/CLI.md"),
        .executable(
            name: "Benchmarks",
            path: "Benchmarks",
            dependencies: [
                "Injection", "PayloadCoding", "Storage", "StorageTesting", "TestSupport", "Client", "HTTP", "HTTPTypes", "DataProviders", "Emulator", "Repository", "Redis", "RedisStorage", "RedisTesting", "WorkspaceKit", "Favorites", "SQLiteFavorites", "CSQLite", "Postgres", "PostgresFavorites", "PostgresTesting", "CLibPQ", "Arguments", "Processes",
            ]
        ),
        .integrationTests(
            "ProviderIntegrationTests",
            dependencies: [
                "DataProviders", "DataProvidersTesting", "Emulator", "EmulatorTesting", "Client", "HTTP", "HTTPTesting", "HTTPServer", "HTTPServerTesting",
                "HTTPTypes",
                "MarvelDataProviders", "MarvelDataProvidersTesting", "TestSupport",
            ]
        ),
        .integrationTests(
            "ClientIntegrationTests",
            dependencies: [
                "Client", "DataProviders", "HTTP", "HTTPTesting", "HTTPServer", "HTTPServerTesting", "HTTPTypes", "HTTPTypesTesting",
                "MarvelDataProviders", "TestSupport",
            ]
        ),
        // The workspace tool's tests, on fixtures; they copy the helpers and the SQLite module, and read the manifest article.
        .integrationTests(
            "ArchitectureTests", dependencies: ["Processes", "TestSupport", "WorkspaceKit", "workspace"], reads: ["Manifests", "Modules/SQLite"]),
        // The rules checked on this repository itself: they read the whole tree; and the mutation
        // study, which runs `verify` on faults planted in a copy of it.
        .integrationTests(
            "WorkspaceTreeTests", dependencies: ["Processes", "TestSupport", "WorkspaceKit"],
            reads: ["App", "Benchmarks", "Examples", "Manifests", "Modules", "Package.swift", "Tests", "Tools"]),
        // Every module's catalog, and the site `workspace docs` built from them.
        .integrationTests(
            "DocsSiteTests", dependencies: ["HTTPServer", "HTTPTypes", "Processes", "TestSupport"], reads: ["Manifests", "Modules"]),
        .toolLibrary("CacheTortureKit", dependencies: ["Storage", "StorageTesting", "TestSupport"]),
        .program("cache-torture", dependencies: ["CacheTortureKit", "Storage", "StorageTesting", "TestSupport"]),
        .toolLibrary("FavoritesTortureKit", dependencies: ["Favorites"]),
        .program(
            "favorites-torture",
            dependencies: ["Favorites", "FavoritesTortureKit", "PostgresFavorites", "SQLiteFavorites"]
        ),
        .program("injection-top-level", dependencies: ["Injection"]),
        .integrationTests("InjectionUsageTests", dependencies: ["Injection", "Processes", "injection-top-level"]),
        .toolLibrary("FaultTestSupport", dependencies: ["CacheTortureKit", "Sockets", "Storage", "TestSupport"]),
        .integrationTests(
            "CacheFaultTests",
            dependencies: [
                "CacheTortureKit", "CompositionRoot", "FaultTestSupport", "Redis", "RedisTesting", "Storage", "StorageTesting", "TestSupport",
                "cache-torture",
            ]
        ),
        .integrationTests(
            "FaultTests",
            dependencies: [
                "Favorites", "FavoritesTesting", "FavoritesTortureKit", "favorites-torture", "CompositionRoot", "FaultTestSupport", "HTTPTesting",
                "Postgres", "PostgresFavorites", "PostgresTesting", "Processes", "SQLite", "SQLiteFavorites", "SQLiteFavoritesTesting",
                "StorageTesting", "TestSupport",
            ]
        ),
        .toolLibrary(
            "FuzzTargets",
            dependencies: ["Client", "DataProviders", "Emulator", "HTTP", "HTTPTypes", "PayloadCoding", "Redis", "Sockets"]
        ),
        .program("fuzz", dependencies: ["FuzzTargets"]),
        .integrationTests(
            "FuzzTargetsTests",
            dependencies: [
                "FuzzTargets", "Client", "DataProviders", "DataProvidersTesting", "Emulator", "EmulatorTesting", "HTTP", "HTTPTypes", "MarvelDataProviders",
                "PayloadCoding", "Redis",
                "TestSupport",
            ],
            reads: ["Tests/FuzzCorpus"]
        ),
    ]
)
