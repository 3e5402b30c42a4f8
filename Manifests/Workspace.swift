// The workspace's rules, read by `swift run workspace` (see docs/WORKSPACE.md).
// Layers are listed outermost first; a module may import only modules of the layers its own
// layer names in `mayDependOn`. A layer that names itself allows edges inside it; `check` still
// refuses any cycle. See docs/ARCHITECTURE.md, "Layers".
let workspace = Workspace(
    name: "Excelsior",
    macOS: "15",
    layers: [
        Layer(name: "app", mayDependOn: ["interface", "feature", "domain", "data", "infrastructure", "foundation"]),
        Layer(name: "interface", mayDependOn: ["feature", "domain", "data", "infrastructure", "foundation"]),
        Layer(name: "feature", mayDependOn: ["domain", "data", "infrastructure", "foundation"]),
        Layer(name: "domain", mayDependOn: ["data", "infrastructure", "foundation"]),
        Layer(name: "data", mayDependOn: ["data", "infrastructure", "foundation"]),
        Layer(name: "infrastructure", mayDependOn: ["infrastructure", "foundation"]),
        Layer(name: "foundation", mayDependOn: []),
    ],
    injection: "Injection",
    mayImportInjection: ["CompositionRoot"],
    testSupport: "TestSupport",
    moduleGraphFile: "Modules/Commands/Sources/Program/ModuleGraph.swift",
    tools: [
        Library(name: "WorkspaceKit", path: "Tools/WorkspaceKit", dependencies: ["Arguments"]),
        Executable(name: "workspace", path: "Tools/workspace", dependencies: ["WorkspaceKit"]),
        Executable(
            name: "Benchmarks",
            path: "Benchmarks",
            dependencies: [
                "Injection", "PayloadCoding", "Storage", "StorageTesting", "TestSupport", "Client", "HTTP", "DataProviders", "Emulator", "Repository", "Redis", "RedisTesting", "WorkspaceKit", "Favorites", "CSQLite", "Postgres", "PostgresTesting", "CLibPQ", "Arguments",
            ]
        ),
        Tests(
            name: "ProviderIntegrationTests",
            path: "Tests/ProviderIntegrationTests",
            dependencies: ["DataProviders", "DataProvidersTesting", "Emulator", "EmulatorTesting", "Client", "HTTP", "HTTPTesting", "HTTPServer", "HTTPServerTesting"]
        ),
        Tests(name: "ArchitectureTests", path: "Tests/ArchitectureTests", dependencies: ["TestSupport", "WorkspaceKit"]),
        Library(name: "CacheTortureKit", path: "Tools/CacheTortureKit", dependencies: ["Storage", "StorageTesting", "TestSupport"]),
        Executable(name: "cache-torture", path: "Tools/cache-torture", dependencies: ["CacheTortureKit", "Storage", "StorageTesting", "TestSupport"]),
        Library(name: "FavoritesTortureKit", path: "Tools/FavoritesTortureKit", dependencies: ["Favorites"]),
        Executable(name: "favorites-torture", path: "Tools/favorites-torture", dependencies: ["Favorites", "FavoritesTortureKit"]),
        Tests(
            name: "FaultTests",
            path: "Tests/FaultTests",
            dependencies: ["CacheTortureKit", "Storage", "StorageTesting", "cache-torture", "Favorites", "FavoritesTesting", "FavoritesTortureKit", "favorites-torture", "CompositionRoot", "HTTPTesting", "Postgres", "PostgresTesting", "SQLite", "Sockets", "TestSupport"]
        ),
        Library(
            name: "FuzzTargets",
            path: "Tools/FuzzTargets",
            dependencies: ["Client", "DataProviders", "Emulator", "HTTP", "PayloadCoding", "Redis", "Sockets", "WorkspaceKit"]
        ),
        Executable(name: "fuzz", path: "Tools/fuzz", dependencies: ["FuzzTargets"]),
        Tests(
            name: "FuzzTargetsTests",
            path: "Tests/FuzzTargetsTests",
            dependencies: [
                "FuzzTargets", "Client", "DataProviders", "DataProvidersTesting", "Emulator", "EmulatorTesting", "HTTP", "PayloadCoding", "Redis",
                "TestSupport",
            ]
        ),
    ]
)
