/// Finds a dependency cycle among modules, if there is one.
enum DependencyCycles {
    /// The first cycle found, as a path that starts and ends with the same module, starting
    /// from its first module by name so the report is the same however the search went.
    static func first(in modules: [Module]) -> [String]? {
        let edges = Dictionary(modules.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        var finished = Set<String>()
        var path: [String] = []

        func visit(_ name: String) -> [String]? {
            if let start = path.firstIndex(of: name) { return rotated(Array(path[start...])) }
            guard !finished.contains(name) else { return nil }
            path.append(name)
            for next in edges[name] ?? [] {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            finished.insert(name)
            return nil
        }

        func rotated(_ loop: [String]) -> [String] {
            let first = loop.indices.min { loop[$0] < loop[$1] } ?? 0
            let ordered = Array(loop[first...] + loop[..<first])
            return ordered + ordered.prefix(1)
        }

        for name in edges.keys.sorted() {
            if let cycle = visit(name) { return cycle }
        }
        return nil
    }
}
