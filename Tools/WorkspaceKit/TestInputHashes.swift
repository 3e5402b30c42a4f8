import Foundation

/// The inputs of each test target, each with its hash: its own files and the files it declares it
/// reads, the same of every target it depends on (directly or not), the manifests, Package.swift
/// and the toolchain's version. `test --changed` runs the targets with an input whose hash differs
/// from the one recorded after their last green run, and `--explain` names those inputs.
struct TestInputHashes {
    /// Where the inputs of the last green run of each target are kept, relative to the workspace.
    static let file = ".build/workspace-test-hashes"
    /// The input that stands for the toolchain, `swift --version`.
    static let toolchainInput = "(toolchain)"

    /// One target's inputs: each input's name (a path, or `toolchainInput`) and its hash.
    typealias Inputs = [String: String]

    let graph: TargetGraph
    let root: URL

    /// Every test target's inputs, given the toolchain's `swift --version`.
    func inputs(toolchain: String) -> [String: Inputs] {
        var fileHashes: [String: String] = [:]
        func hashed(_ paths: [String]) -> Inputs {
            var result: Inputs = [:]
            for path in paths {
                if fileHashes[path] == nil {
                    var hash = StableHash()
                    hash.combine((try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())
                    fileHashes[path] = hash.hex
                }
                result[path] = fileHashes[path]
            }
            return result
        }
        var toolchainHash = StableHash()
        toolchainHash.combine(toolchain)
        var shared = hashed(files(below: "Manifests") + ["Package.swift"])
        shared[Self.toolchainInput] = toolchainHash.hex
        let byName = Dictionary(graph.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var done: [String: Set<String>] = [:]
        func targetFiles(_ name: String) -> Set<String> {
            if let known = done[name] { return known }
            done[name] = []
            var found = Set<String>()
            if let target = byName[name] {
                for folder in target.paths {
                    for path in files(below: folder) where graph.owner(of: path)?.name == name { found.insert(path) }
                }
                for read in target.reads { found.formUnion(files(below: read)) }
                for dependency in target.dependencies { found.formUnion(targetFiles(dependency)) }
            }
            done[name] = found
            return found
        }
        var result: [String: Inputs] = [:]
        for target in graph.targets where target.role == .tests {
            result[target.name] = shared.merging(hashed(targetFiles(target.name).sorted())) { first, _ in first }
        }
        return result
    }

    /// The inputs recorded after each target's last green run, by target.
    func recorded() -> [String: Inputs] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(Self.file), encoding: .utf8) else { return [:] }
        var result: [String: Inputs] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count == 3 { result[String(parts[0]), default: [:]][String(parts[1])] = String(parts[2]) }
        }
        return result
    }

    /// Records `inputs` as `target`'s last green run, over its earlier record; keeps the others'.
    func record(_ inputs: Inputs, for target: String) throws {
        var all = recorded()
        all[target] = inputs
        let url = root.appendingPathComponent(Self.file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var text = ""
        for (name, inputs) in all.sorted(by: { $0.key < $1.key }) {
            for (input, hash) in inputs.sorted(by: { $0.key < $1.key }) { text += "\(name)\t\(input)\t\(hash)\n" }
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The inputs whose hash differs between `recorded` and `current` (added and removed ones too), sorted.
    static func changedInputs(_ current: Inputs, since recorded: Inputs) -> [String] {
        Set(current.keys).union(recorded.keys).filter { current[$0] != recorded[$0] }.sorted()
    }

    /// The regular files at `path` (a file, or every file below a folder), relative to the workspace, sorted.
    private func files(below path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var files: [String] = []
        while let found = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append("\(path)/\(found)") }
        }
        return files.sorted()
    }
}
