import Foundation

/// What a command changed in the workspace, kept so that `rollBack()` can put the tree back as
/// it was when a later step fails: files moved (through git or not), the bytes of files before
/// they were first written, and the folders made on the way.
final class ChangeJournal {
    private let root: URL
    private var moves: [(from: String, to: String, throughGit: Bool)] = []
    private var originals: [(path: String, data: Data?)] = []
    private var recorded: Set<String> = []
    private var folders: [String] = []

    init(root: URL) {
        self.root = root
    }

    /// Keeps `path`'s bytes (or that it did not exist) before its first write, and the folders
    /// above it that do not exist yet.
    func willWrite(_ path: String) {
        guard recorded.insert(path).inserted else { return }
        originals.append((path, try? Data(contentsOf: url(path))))
        willCreateFolders(above: path)
    }

    /// Notes the folders above `path` that do not exist yet, outermost first.
    func willCreateFolders(above path: String) {
        var missing: [String] = []
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty && !FileManager.default.fileExists(atPath: url(folder).path) {
            missing.insert(folder, at: 0)
            folder = (folder as NSString).deletingLastPathComponent
        }
        folders += missing
    }

    /// Notes that `from` was moved to `to`, with `git mv` when `throughGit`.
    func moved(_ from: String, to: String, throughGit: Bool) {
        moves.append((from, to, throughGit))
    }

    /// Puts back every file written and moved, and removes the folders made, latest first; does
    /// what it can and goes on past what fails.
    func rollBack() {
        for (path, data) in originals.reversed() {
            if let data { try? data.write(to: url(path), options: .atomic) } else { try? FileManager.default.removeItem(at: url(path)) }
        }
        for move in moves.reversed() {
            try? FileManager.default.createDirectory(at: url(move.from).deletingLastPathComponent(), withIntermediateDirectories: true)
            if move.throughGit, (try? Shell.capture(["git", "mv", move.to, move.from], in: root))?.status == 0 { continue }
            try? FileManager.default.moveItem(at: url(move.to), to: url(move.from))
        }
        for folder in folders.reversed() where (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: url(folder))
        }
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
