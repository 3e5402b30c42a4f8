// The Storage module: caching (Caching, Key, memory, disk, hybrid and discarding caches, the entry record, FileSystem). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Storage = Module.library(
        "Storage",
        layer: .data,
        dependencies: ["PayloadCoding"],
        tests: ["StorageTesting", "TestSupport"]
    )
}
