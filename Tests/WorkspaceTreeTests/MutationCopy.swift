import Foundation
import Processes

/// A copy of this checkout in `.build/mutation-study`, committed as its own baseline, where
/// `MutationStudyTests` plants one fault at a time and runs the copy's own `workspace verify`.
/// The copy is kept between runs, and only the files whose bytes differ are written again, so
/// a second run finds its build warm.
struct MutationCopy {
    /// What one `verify` run in the copy said.
    struct Verdict {
        /// Its exit status, nil when it did not exit by itself.
        let status: Int32?
        /// The step named by "verify: failed at …", nil when it passed.
        let failedStep: String?
        /// The test targets `workspace affected` selects for the planted change.
        let selected: [String]
        /// The targets named by "verify: failing test targets: …".
        let failingTargets: [String]
        /// Standard output and error, for the assertions and their messages.
        let output: String
        /// How long `verify` took.
        let seconds: Int64
    }

    /// The copy's root.
    let root: URL
    /// This process's environment without the study's switch, so that the test targets
    /// `verify` runs in the copy skip the study rather than start it again.
    let environment: [String: String]

    /// A hang bound for a build or a `verify` run: wide, for a cold build on a loaded machine.
    static let bound = Duration.seconds(3 * 3600)

    /// Brings the copy in line with `source`'s tracked files and its untracked files that git
    /// does not ignore (the working tree, changes included), and commits that as the baseline.
    static func make(of source: URL) throws -> MutationCopy {
        let root = source.appendingPathComponent(".build/mutation-study")
        var environment = ProcessInfo.processInfo.environment
        environment["EXCELSIOR_MUTATION_STUDY"] = nil
        let copy = MutationCopy(root: root, environment: environment)
        let manager = FileManager.default
        let listed = try copy.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: source)
        let files = Set(listed.split(separator: "\0").map(String.init)).filter {
            manager.fileExists(atPath: source.appendingPathComponent($0).path)
        }
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        if manager.fileExists(atPath: root.appendingPathComponent(".git").path) {
            // A run stopped midway leaves its fault planted: it must not become the baseline.
            try copy.restore()
        } else {
            _ = try copy.git(["init", "-q"])
        }
        for kept in try copy.git(["ls-files", "-z"]).split(separator: "\0").map(String.init) where !files.contains(kept) {
            try manager.removeItem(at: root.appendingPathComponent(kept))
        }
        for path in files.sorted() {
            let from = source.appendingPathComponent(path)
            let to = root.appendingPathComponent(path)
            let bytes = try Data(contentsOf: from)
            guard (try? Data(contentsOf: to)) != bytes else { continue }
            try manager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: to)
            let mode = try manager.attributesOfItem(atPath: from.path)[.posixPermissions] ?? 0o644
            try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: to.path)
        }
        _ = try copy.git(["add", "-A"])
        _ = try copy.git([
            "-c", "user.name=Mutation study", "-c", "user.email=study@localhost", "commit", "-q", "--allow-empty", "-m", "baseline",
        ])
        return copy
    }

    /// Builds everything `verify` may build (the tool, the products and the tests), once.
    func build() throws {
        _ = try run(["swift", "build", "--build-tests"], in: root)
    }

    /// Writes `text` to `path` in the copy, creating its folder.
    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Replaces the first `old` in `path` with `new`; throws when `path` does not hold `old`.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let file = root.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let range = text.range(of: old) else { throw Failure(description: "\(path) does not hold \(old.debugDescription)") }
        try Data(text.replacingCharacters(in: range, with: new).utf8).write(to: file)
    }

    /// Runs the copy's built `workspace verify` on the working tree against the baseline.
    func verify() throws -> Verdict {
        let tool = root.appendingPathComponent(".build/debug/workspace").path
        let affected = try run([tool, "affected", "--format", "json"], in: root)
        let selected = try JSONDecoder().decode(Selection.self, from: Data(affected.utf8)).testTargets
        let started = ContinuousClock.now
        let result = try ChildProcess.run([tool, "verify"], in: root.path, environment: environment, timeout: Self.bound)
        let seconds = (ContinuousClock.now - started).components.seconds
        let errors = result.errorText.split(separator: "\n").map(String.init)
        let failedStep = errors.last { $0.hasPrefix("verify: failed at ") }.map {
            String($0.dropFirst("verify: failed at ".count).prefix { $0 != ";" })
        }
        let failing = errors.last { $0.hasPrefix("verify: failing test targets: ") }.map {
            $0.dropFirst("verify: failing test targets: ".count).split(separator: ", ").map(String.init)
        }
        return Verdict(
            status: result.status, failedStep: failedStep, selected: selected, failingTargets: failing ?? [],
            output: result.outputText + result.errorText, seconds: seconds)
    }

    /// Puts the copy back to its baseline (its build stays).
    func restore() throws {
        _ = try git(["checkout", "--", "."])
        _ = try git(["clean", "-fdq"])
    }

    /// `workspace affected --format json`, the part read here.
    private struct Selection: Decodable {
        let testTargets: [String]
    }

    /// Why a step of the study could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private func git(_ arguments: [String]) throws -> String {
        try run(["git"] + arguments, in: root)
    }

    /// Runs `arguments` in `directory` and returns its standard output; throws unless it exits 0.
    private func run(_ arguments: [String], in directory: URL) throws -> String {
        let result = try ChildProcess.run(arguments, in: directory.path, environment: environment, timeout: Self.bound)
        guard result.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) ended \(result.termination): \(result.errorText.suffix(2000))")
        }
        return result.outputText
    }
}
