import Foundation
import WorkspaceDescription

/// Compiles the manifests with `swiftc` and runs them, keeping what they print under
/// `.build/workspace-manifests/<hash>.json`, keyed by the manifests and the description library,
/// so an unchanged workspace never compiles again.
struct ManifestBuild {
    /// The workspace's folder.
    let root: URL

    /// What the manifests declare, from the cache or compiled; throws `ManifestCompileError`
    /// when they do not compile or their program fails, `Shell.Failure` without a compiler.
    func output(for sources: ManifestSources) throws -> ManifestOutput {
        let description = DescriptionLibrary()
        var key = StableHash()
        key.combine(try description.hash())
        key.combine(sources.hash)
        let cache = root.appendingPathComponent(".build/workspace-manifests")
        let cached = cache.appendingPathComponent("\(key.hex).json")
        if let data = try? Data(contentsOf: cached) {
            return try JSONDecoder().decode(ManifestOutput.self, from: data)
        }
        let data = try compileAndRun(sources, description: description, in: cache)
        let output = try JSONDecoder().decode(ManifestOutput.self, from: data)
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where stale.hasSuffix(".json") {
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(stale))
        }
        try data.write(to: cached, options: .atomic)
        return output
    }

    private func compileAndRun(_ sources: ManifestSources, description: DescriptionLibrary, in cache: URL) throws -> Data {
        let compiler = try SwiftCompiler.find()
        let module = try description.build(with: compiler)
        let scratch = cache.appendingPathComponent("build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let rootPath = root.standardizedFileURL.path
        let main = scratch.appendingPathComponent("main.swift")
        try ManifestProgram.main(root: rootPath, moduleFiles: sources.moduleFiles).write(to: main, atomically: true, encoding: .utf8)
        let program = scratch.appendingPathComponent("manifests")
        let compiled = try compiler.compile(
            // One frontend for every file (-wmo): several would each load the modules again, 4× slower here.
            ["-module-name", "Manifests", "-Onone", "-gnone", "-wmo"]
                + ["-I", module.path, module.appendingPathComponent("WorkspaceDescription.o").path, main.path]
                + sources.files.map { "\(rootPath)/\($0)" } + ["-o", program.path],
            in: root)
        guard compiled.status == 0 else {
            throw ManifestCompileError(output: relative(compiled.standardOutput, rootPath: rootPath, scratch: scratch))
        }
        let ran = try Shell.capture([program.path], in: root)
        guard ran.status == 0 else {
            throw ManifestCompileError(
                output: relative(ran.standardError, rootPath: rootPath, scratch: scratch) + "\nthe manifests' program exited \(ran.status)")
        }
        return Data(ran.standardOutput.utf8)
    }

    /// `output` with the workspace's absolute paths made relative and the generated program named as such.
    private func relative(_ output: String, rootPath: String, scratch: URL) -> String {
        output.replacingOccurrences(of: scratch.appendingPathComponent("main.swift").path, with: "(the tool's generated main.swift)")
            .replacingOccurrences(of: rootPath + "/", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
