// The Postgres module: the PostgreSQL layer over the system's libpq (waiting on its socket through Sockets). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Postgres = Module.library(
        "Postgres",
        layer: .infrastructure,
        dependencies: ["Sockets"],
        testing: ["Processes", "Sockets"],
        tests: ["PostgresTesting", "TestSupport"],
        systemLibraries: [
            SystemLibrary(
                name: "CLibPQ",
                header: "libpq-fe.h",
                link: "pq",
                pkgConfig: "libpq",
                providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
            )
        ]
    )
}
