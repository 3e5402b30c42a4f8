// The Storage module: caching (Caching, Key, memory, disk, hybrid and discarding caches, the entry record, FileSystem, the disk cache's maintenance and ledger of hits and misses). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Storage = Module.library(
        "Storage",
        layer: .data,
        dependencies: ["PayloadCoding"],
        tests: ["StorageTesting", "TestSupport"]
    )
}
