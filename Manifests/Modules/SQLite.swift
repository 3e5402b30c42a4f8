// The SQLite module: the SQLite layer over the system's libsqlite3. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let SQLite = Module(
        name: "SQLite",
        layer: .infrastructure,
        dependencies: [],
        systemLibraries: [
            SystemLibrary(
                name: "CSQLite",
                header: "sqlite3.h",
                link: "sqlite3",
                pkgConfig: "sqlite3",
                providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
            )
        ],
        testing: false
    )
}
