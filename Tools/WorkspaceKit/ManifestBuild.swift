import Foundation
import WorkspaceDescription

/// Compiles the manifests with `swiftc` and runs them, keeping what they print under
/// `.build/workspace-manifests/<hash>.json`, keyed by the manifests and the description library,
/// so an unchanged workspace never compiles again.
struct ManifestBuild {
    /// The workspace's folder.
    let root: URL
    /// How long the manifests' program may run.
    var timeout = ManifestTimeout.standard

    /// What the manifests declare, from the cache or compiled; throws `ManifestCompileError`
    /// when they do not compile or their program fails, `Shell.Failure` without a compiler or
    /// when the cache cannot be written.
    func output(for sources: ManifestSources) throws -> ManifestOutput {
        let description = DescriptionLibrary()
        var key = StableHash()
        key.combine(try description.hash())
        key.combine(sources.hash)
        let cache = root.appendingPathComponent(".build/workspace-manifests")
        let cached = cache.appendingPathComponent("\(key.hex).json")
        // An entry that cannot be read back (cut short, edited) is a miss: it is built again.
        if let data = try? Data(contentsOf: cached), let output = try? JSONDecoder().decode(ManifestOutput.self, from: data) {
            return output
        }
        let data = try compileAndRun(sources, description: description, in: cache)
        let output: ManifestOutput
        do {
            output = try JSONDecoder().decode(ManifestOutput.self, from: data)
        } catch {
            throw ManifestCompileError(
                output: "the manifests' program wrote an output the tool cannot read (\(error.localizedDescription))")
        }
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where stale.hasSuffix(".json") {
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(stale))
        }
        try Self.writing(cached.path, relativeTo: root) { try data.write(to: cached, options: .atomic) }
        return output
    }

    private func compileAndRun(_ sources: ManifestSources, description: DescriptionLibrary, in cache: URL) throws -> Data {
        let compiler = try SwiftCompiler.find()
        let module = try description.build(with: compiler)
        let scratch = try ScratchFolders.make(in: cache, root: root)
        defer { ScratchFolders.remove(scratch) }
        let rootPath = root.standardizedFileURL.path
        let main = scratch.appendingPathComponent("main.swift")
        try Self.writing(main.path, relativeTo: root) {
            try ManifestProgram.main(root: rootPath, moduleFiles: sources.moduleFiles).write(to: main, atomically: true, encoding: .utf8)
        }
        let program = scratch.appendingPathComponent("manifests")
        let compiled = try compiler.compile(
            // One frontend for every file (-wmo): several would each load the modules again, 4× slower here.
            ["-module-name", "Manifests", "-Onone", "-gnone", "-wmo"]
                + ["-I", module.path, module.appendingPathComponent("WorkspaceDescription.o").path, main.path]
                + sources.files.map { "\(rootPath)/\($0)" } + ["-o", program.path],
            in: root)
        guard compiled.status == 0 else {
            throw ManifestCompileError(output: relative(compiled.standardOutput, sources: sources, scratch: scratch))
        }
        return try run(program, sources: sources, scratch: scratch)
    }

    /// `output` with the workspace's absolute paths made relative, the compiler's short names of
    /// the manifests (`#fileID`, `Manifests/Core.swift`, as a `fatalError` prints them) made their
    /// paths, and the generated program named as such.
    func relative(_ output: String, sources: ManifestSources, scratch: URL) -> String {
        var text = output.replacingOccurrences(
            of: scratch.appendingPathComponent("main.swift").path, with: "(the tool's generated main.swift)"
        )
        .replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
        text = text.replacingOccurrences(of: "Manifests/main.swift", with: "(the tool's generated main.swift)")
        // Every file name in Manifests/ differs, so a short name stands for one path.
        for file in sources.files where file != ManifestLoader.workspaceFile {
            let short = "Manifests/" + (file as NSString).lastPathComponent
            text = text.replacingOccurrences(
                of: "(?<![A-Za-z0-9_/.+-])" + NSRegularExpression.escapedPattern(for: short),
                with: NSRegularExpression.escapedTemplate(for: file), options: .regularExpression)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `body`, which writes `path`; a failure becomes a `Shell.Failure` naming the path
    /// (relative to `root` when inside it) and why.
    static func writing(_ path: String, relativeTo root: URL?, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            let base = (root?.standardizedFileURL.path ?? "/") + "/"
            let shown = root != nil && path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
            throw Shell.Failure(description: "cannot write \(shown): \(FileFailure.reason(error))")
        }
    }
}
