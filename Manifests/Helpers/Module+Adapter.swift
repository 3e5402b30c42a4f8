// An adapter implements a protocol of an inner module (its port) over one technology, and is
// named for both: `<Technology><Port>`, such as SQLiteFavorites or RedisStorage. It lives at the
// edge: only the app imports it (docs/ARCHITECTURE.md, "Adapters").
import WorkspaceDescription

extension Module {
    /// An adapter-layer library (see `library`) that depends on the module whose protocol it
    /// implements and on the technology it uses, both in `dependencies`.
    static func adapter(
        _ name: String, dependencies: [String], testing: [String]? = [], tests: [String]? = [], testsReads: [String] = [],
        resources: [String] = []
    ) -> Module {
        library(
            name, layer: .adapter, dependencies: dependencies, testing: testing, tests: tests, testsReads: testsReads,
            resources: resources)
    }
}
