import Foundation
import Processes
import WorkspaceKit

extension ChangeCostWorkspace {
    /// Replaces, in the copy's file at `path`, each `(old, new)` pair once, in order; throws when
    /// a text is not there (the file changed since the case was written).
    func edit(_ path: String, _ replacements: [(String, String)]) throws {
        let url = root.appendingPathComponent(path)
        var text = try String(contentsOf: url, encoding: .utf8)
        for (old, new) in replacements {
            guard let range = text.range(of: old) else { throw Failed(description: "\(path) no longer holds '\(old)'") }
            text.replaceSubrange(range, with: new)
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes `text` to the copy's file at `path`, making its folder.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs the workspace tool on the copy; throws with what it printed unless it exits 0.
    func tool(_ arguments: [String]) throws {
        var errors: [String] = []
        let status = WorkspaceCommand.run(arguments, root: root, out: { _ in }, err: { errors.append($0) })
        guard status == 0 else {
            throw Failed(description: "workspace \(arguments.joined(separator: " ")): \(errors.first ?? "exit \(status)")")
        }
    }

    /// What the copy's built program prints (standard output and error) for `arguments`, whatever
    /// its exit status, with its data and cache in folders of the copy's own.
    func runProgram(_ arguments: [String]) throws -> String {
        let home = folder.appendingPathComponent("home").path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["XDG_CACHE_HOME"] = home + "/cache"
        do {
            return try ChildProcess.run(
                [root.appendingPathComponent(".build/debug/CompositionRoot").path] + arguments, in: root.path, environment: environment,
                timeout: .seconds(300), mergingErrors: true
            ).outputText
        } catch {
            throw Failed(description: "CompositionRoot: \(error.description)")
        }
    }

    /// The paths the copy's files differ in from its commit: changed, added or removed.
    func changedFiles() throws -> Set<String> {
        let result = try ChildProcess.run(
            ["git", "-C", root.path, "status", "--porcelain", "--untracked-files=all"], timeout: .seconds(300))
        return Set(result.outputText.split(separator: "\n").map { String($0.dropFirst(3)) })
    }

    /// The files of the copy its commit does not have.
    func newFiles() throws -> Set<String> {
        let result = try ChildProcess.run(
            ["git", "-C", root.path, "status", "--porcelain", "--untracked-files=all"], timeout: .seconds(300))
        return Set(result.outputText.split(separator: "\n").filter { $0.hasPrefix("?? ") }.map { String($0.dropFirst(3)) })
    }

    /// Puts the copy's files back as its commit has them (the build folder stays).
    func revert() throws {
        for arguments in [["checkout", "-q", "--", "."], ["clean", "-fdq"]] {
            let result = try ChildProcess.run(["git", "-C", root.path] + arguments, timeout: .seconds(300), mergingErrors: true)
            guard result.status == 0 else { throw Failed(description: "git \(arguments[0]): \(result.outputText)") }
        }
    }
}
