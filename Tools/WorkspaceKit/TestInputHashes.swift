import Foundation

/// A hash of each test target's inputs: its own files, its dependencies' hashes, the manifests
/// and Package.swift, and the toolchain's version. `test --changed` runs the targets whose hash
/// differs from the one recorded after their last green run.
struct TestInputHashes {
    /// Where the hashes of the last green runs are kept, relative to the workspace.
    static let file = ".build/workspace-test-hashes"

    let graph: TargetGraph
    let root: URL

    /// Every test target's hash, given the toolchain's `swift --version`.
    func hashes(toolchain: String) -> [String: String] {
        var shared = StableHash()
        shared.combine(toolchain)
        for path in files(below: "Manifests") + ["Package.swift"] { add(path, to: &shared) }
        let byName = Dictionary(graph.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var done: [String: String] = [:]
        func targetHash(_ name: String) -> String {
            if let known = done[name] { return known }
            var hash = StableHash()
            hash.combine(name)
            if let target = byName[name] {
                for folder in target.paths {
                    for path in files(below: folder) where graph.owner(of: path)?.name == name { add(path, to: &hash) }
                }
                for dependency in target.dependencies { hash.combine(targetHash(dependency)) }
            }
            done[name] = hash.hex
            return hash.hex
        }
        var result: [String: String] = [:]
        for target in graph.targets where target.role == .tests {
            var combined = shared
            combined.combine(targetHash(target.name))
            result[target.name] = combined.hex
        }
        return result
    }

    /// The hashes recorded after earlier green runs, by target.
    func recorded() -> [String: String] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(Self.file), encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// Records `hashes` over the earlier ones.
    func record(_ hashes: [String: String]) throws {
        let merged = recorded().merging(hashes) { _, new in new }
        let url = root.appendingPathComponent(Self.file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try merged.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined().write(to: url, atomically: true, encoding: .utf8)
    }

    private func add(_ path: String, to hash: inout StableHash) {
        hash.combine(path)
        hash.combine((try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())
    }

    /// The files below `directory`, relative to the workspace, sorted.
    private func files(below directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append("\(directory)/\(path)") }
        }
        return files.sorted()
    }
}
