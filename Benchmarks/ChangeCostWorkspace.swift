import Foundation
import Processes
import Synchronization
import WorkspaceKit

/// A copy of a workspace's git-tracked files at one commit, in a temporary folder, committed to a
/// git repository of its own (so `workspace affected` sees each edit) and built once in debug: where
/// the change-cost cases make their edits and build again.
final class ChangeCostWorkspace: Sendable {
    /// Why the copy could not be made, built or asked.
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// One `swift build -v`: how long it took and the Swift files it compiled, by target.
    struct Build {
        let seconds: Double
        let files: [String: Int]
    }

    /// The copy's folder; the workspace is its `workspace` folder.
    let folder: URL
    let root: URL
    /// The copy's targets, as its manifests declare them.
    let graph: TargetGraph
    /// The `@Test` functions of each test target (a parameterized test counts once).
    let tests: [String: Int]
    /// For each module name the compiler uses (`favorites_torture`), the target's name.
    private let targetsByModuleName: [String: String]

    /// A bound on a build or a git command, to end a hang, not to judge a time.
    private static let buildTimeout = Duration.seconds(3600)
    private static let gitTimeout = Duration.seconds(300)

    private static let made = Mutex<ChangeCostWorkspace?>(nil)

    /// The copy of `revision` of the git work tree `tree`, made and built on first use.
    static func shared(tree: URL, revision: String) throws -> ChangeCostWorkspace {
        if let workspace = made.withLock({ $0 }) { return workspace }
        let workspace = try ChangeCostWorkspace(tree: tree, revision: revision)
        made.withLock { $0 = workspace }
        return workspace
    }

    /// The copy, if one was made.
    static var current: ChangeCostWorkspace? {
        made.withLock { $0 }
    }

    /// Removes the copy, if one was made, and the lock files SwiftPM left for it in the temporary
    /// folder (named after the copy's path: `_tmp_excelsior-change-cost-…_workspace_.build.lock`).
    static func remove() {
        guard let workspace = current else { return }
        try? FileManager.default.removeItem(at: workspace.folder)
        let temporary = FileManager.default.temporaryDirectory
        let name = workspace.folder.lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where entry.contains(name) && entry.hasSuffix(".lock") {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(entry))
        }
    }

    /// Throws a one-line `Failed` unless `tree` is a git work tree that knows `revision` as a commit.
    static func validate(tree: URL, revision: String) throws {
        let inside = try run(["git", "-C", tree.path, "rev-parse", "--is-inside-work-tree"], timeout: gitTimeout)
        guard inside.status == 0 else { throw Failed(description: "--tree \(tree.path) is not a git work tree") }
        let known = try run(["git", "-C", tree.path, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], timeout: gitTimeout)
        guard known.status == 0 else { throw Failed(description: "--revision '\(revision)' is not a commit of \(tree.path)") }
    }

    private init(tree: URL, revision: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-change-cost-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("workspace")
        self.folder = folder
        self.root = root
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let archive = folder.appendingPathComponent("sources.tar").path
            try Self.check(["git", "-C", tree.path, "archive", "--format=tar", "-o", archive, revision], timeout: Self.gitTimeout)
            try Self.check(["tar", "-xf", archive, "-C", root.path], timeout: Self.gitTimeout)
            try FileManager.default.removeItem(atPath: archive)
            let git = [
                "git", "-C", root.path, "-c", "user.name=Change cost", "-c", "user.email=change-cost@example.com", "-c",
                "commit.gpgsign=false",
            ]
            try Self.check(git + ["init", "-q"], timeout: Self.gitTimeout)
            try Self.check(git + ["add", "-A"], timeout: Self.gitTimeout)
            try Self.check(git + ["commit", "-q", "-m", "The workspace at \(revision)"], timeout: Self.gitTimeout)
            let graph = TargetGraph(try ManifestLoader.load(root: root))
            self.graph = graph
            self.tests = try TestCount.byTarget(graph, root: root)
            targetsByModuleName = Dictionary(graph.targets.map { (CompileLog.moduleName(of: $0.name), $0.name) }) { first, _ in first }
            _ = try build()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Runs `swift build -v` in the copy, timed; throws `Failed` with the first error when it fails.
    func build() throws -> Build {
        let start = ContinuousClock.now
        let result = try Self.run(["swift", "build", "-v"], in: root, timeout: Self.buildTimeout)
        let elapsed = ContinuousClock.now - start
        let log = result.outputText
        guard result.status == 0 else {
            let lines = log.split(separator: "\n")
            let error = lines.first { $0.contains("error:") } ?? lines.last ?? ""
            throw Failed(description: "swift build in \(root.path) ended with \(result.termination): \(error)")
        }
        var files: [String: Int] = [:]
        for (module, compiled) in CompileLog.compiledFiles(in: log) {
            guard let target = targetsByModuleName[module] else { continue }
            files[target] = compiled.count
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Build(seconds: seconds, files: files)
    }

    /// The test targets `workspace test` would run now, as `workspace affected` selects them
    /// against the copy's one commit.
    func affectedTestTargets() throws -> [String] {
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand.run(
            ["affected", "--base", "HEAD", "--format", "json"], root: root, out: { output.append($0) }, err: { errors.append($0) })
        struct Affected: Decodable {
            let testTargets: [String]
        }
        guard status == 0, let affected = try? JSONDecoder().decode(Affected.self, from: Data(output.joined().utf8)) else {
            throw Failed(description: "workspace affected exited \(status): \(errors.first ?? output.first ?? "")")
        }
        return affected.testTargets
    }

    /// The share of all `@Test` functions that `targets` hold, in per cent.
    func testShare(of targets: [String]) -> Double {
        TestCount.share(of: targets, in: tests)
    }

    /// The folder of `module`'s sources in the copy.
    func sources(of module: String) throws -> URL {
        guard let target = graph.targets.first(where: { $0.name == module && $0.role == .module }), let path = target.paths.first else {
            throw Failed(description: "the workspace has no module \(module)")
        }
        return root.appendingPathComponent(path)
    }

    private static func run(_ arguments: [String], in directory: URL? = nil, timeout: Duration) throws -> ChildProcess.Result {
        do {
            return try ChildProcess.run(arguments, in: directory?.path, timeout: timeout, mergingErrors: true)
        } catch {
            throw Failed(description: "\(arguments[0]): \(error.description)")
        }
    }

    /// Runs `arguments`; throws `Failed` with its first line of output unless it exits 0.
    private static func check(_ arguments: [String], timeout: Duration) throws {
        let result = try run(arguments, timeout: timeout)
        guard result.status == 0 else {
            let first = result.outputText.split(separator: "\n").first ?? ""
            throw Failed(description: "\(arguments.prefix(4).joined(separator: " ")) … ended with \(result.termination): \(first)")
        }
    }
}
