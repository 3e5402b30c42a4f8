// The Postgres module: the PostgreSQL layer over the system's libpq. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Postgres",
    layer: .infrastructure,
    dependencies: [],
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
