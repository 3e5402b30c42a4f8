import Foundation

/// Paths a command is given, checked against the workspace's folder: `..` and symbolic links are
/// resolved, and what lies outside the workspace, or reaches a file through a link, is refused.
struct WorkspacePaths {
    /// The workspace's folder.
    let root: URL

    /// `path` (relative to the workspace) with `.`, `..` and repeated slashes taken out, as the
    /// workspace-relative path of an existing file or folder that no symbolic link leads to;
    /// throws `ScaffoldError` for a path that does not exist, leads outside or goes through a link.
    func existing(_ path: String) throws -> String {
        let full = path.hasPrefix("/") ? path : root.path + "/" + path
        guard FileManager.default.fileExists(atPath: full) else { throw ScaffoldError(description: "\(path) does not exist") }
        let real = try Self.realPath(full)
        let base = try Self.realPath(root.path)
        guard real.hasPrefix(base + "/") else { throw ScaffoldError(description: "\(path) is outside the workspace (it is \(real))") }
        let resolved = String(real.dropFirst(base.count + 1))
        let named = "/" + Self.lexical(full)
        guard [base, "/" + Self.lexical(root.path)].contains(where: { named == $0 + "/" + resolved }) else {
            throw ScaffoldError(description: "\(path) goes through a symbolic link (to \(resolved)); name the file itself")
        }
        return resolved
    }

    /// Refuses a path to be created (relative) whose nearest existing folder lies outside the
    /// workspace or is reached through a symbolic link, as a target folder that links elsewhere.
    func checkCreatable(_ path: String) throws {
        var folder = (Self.lexical(path) as NSString).deletingLastPathComponent
        while !folder.isEmpty && !FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard !folder.isEmpty else { return }
        let real = try Self.realPath(root.appendingPathComponent(folder).path)
        guard real == (try Self.realPath(root.path)) + "/" + folder else {
            throw ScaffoldError(description: "\(folder) leads outside its place (to \(real)); \(path) is not written through it")
        }
    }

    /// `path` with empty and `.` components dropped and each `..` taking away the one before;
    /// a `..` that would leave the workspace is kept, so the result never names a file inside it.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The absolute path with every link resolved; throws `ScaffoldError` naming `path`.
    private static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else {
            throw ScaffoldError(description: "cannot resolve \(path): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
