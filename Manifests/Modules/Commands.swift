// The Commands module: the command-line program, one type per command, rendering and terminal safety. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Commands",
    layer: .interface,
    dependencies: ["Arguments", "Client", "DataProviders", "Emulator", "Favorites", "HTTP", "HTTPServer", "Redis", "Repository", "Storage"],
    testing: false
)
