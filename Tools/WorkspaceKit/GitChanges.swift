import Foundation

/// The files of a workspace that differ from a git revision: committed since it, staged,
/// unstaged or untracked, relative to the workspace.
enum GitChanges {
    /// The changed files below `root` since `base`; throws `UsageError` for a base git does not know.
    static func files(since base: String, root: URL) throws -> [String] {
        let verify = try Shell.capture(["git", "rev-parse", "--verify", "--quiet", base + "^{commit}"], in: root)
        guard verify.status == 0 else {
            let inside = try Shell.capture(["git", "rev-parse", "--is-inside-work-tree"], in: root)
            guard inside.status == 0 else { throw Shell.Failure(description: "\(root.path) is not in a git work tree") }
            throw UsageError("--base '\(base)' is not a commit git knows")
        }
        let changed = try git(["diff", "--name-only", "--no-renames", "--relative", base, "--"], root: root)
        let untracked = try git(["ls-files", "--others", "--exclude-standard"], root: root)
        return Array(Set(changed + untracked)).sorted()
    }

    private static func git(_ arguments: [String], root: URL) throws -> [String] {
        let output = try Shell.capture(["git", "-c", "core.quotePath=false"] + arguments, in: root)
        guard output.status == 0 else {
            let reason = output.standardError.split(separator: "\n").first.map(String.init) ?? "exit \(output.status)"
            throw Shell.Failure(description: "git \(arguments.first ?? ""): \(reason)")
        }
        return output.standardOutput.split(separator: "\n").map(String.init)
    }
}
