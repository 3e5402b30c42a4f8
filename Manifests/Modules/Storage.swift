// The Storage module: caching (Caching, Key, memory, disk, hybrid and discarding caches, the entry record, FileSystem). Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Storage",
    layer: .infrastructure,
    dependencies: ["PayloadCoding"]
)
