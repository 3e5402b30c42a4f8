// The SQLite module: the SQLite layer over the system's libsqlite3. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let SQLite = Module.library(
        "SQLite",
        layer: .infrastructure,
        dependencies: [],
        testing: nil,
        tests: ["TestSupport"],
        systemLibraries: [
            SystemLibrary(
                name: "CSQLite",
                header: "sqlite3.h",
                link: "sqlite3",
                pkgConfig: "sqlite3",
                providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
            )
        ]
    )
}
