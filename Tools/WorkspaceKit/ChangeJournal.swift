import Foundation
import Synchronization

/// What a command changed in the workspace, kept so that the tree can be put back as it was
/// when a later step fails or a signal ends the tool: files moved (through git or not), the
/// bytes of files before they were first written, files removed (kept aside until the command
/// ends), and the folders made on the way. Every change goes through it, one at a time: a
/// signal's roll-back waits for the change under way and no change follows it.
// Sendable: every stored property but `root` is read and written only with `lock` held.
final class ChangeJournal: @unchecked Sendable {  // Safe: see above.
    private let root: URL
    private let lock = NSRecursiveLock()
    private var entries: [Entry] = []
    private var recorded: Set<String> = []
    private var removedCount = 0
    private var aside: URL?
    private var closed = false

    /// One change, in the order made; undone in the reverse order.
    private enum Entry {
        case wrote(String, Data?)
        case moved(from: String, to: String, throughGit: Bool)
        case removed(String, keptAt: URL)
        case madeFolder(String)
    }

    /// The journal of the command changing the workspace now, which a signal rolls back.
    private static let active = Mutex<ChangeJournal?>(nil)

    init(root: URL) {
        self.root = root
    }

    /// Runs `body` with a new journal that a signal to the tool rolls back; rolls it back when
    /// `body` throws, and keeps its changes (deleting what was removed) when it returns.
    static func transaction<T>(root: URL, _ body: (ChangeJournal) throws -> T) throws -> T {
        let journal = ChangeJournal(root: root)
        active.withLock { $0 = journal }
        defer { active.withLock { $0 = nil } }
        do {
            let result = try body(journal)
            journal.commit()
            return result
        } catch {
            journal.rollBack()
            throw error
        }
    }

    /// Rolls back the journal of the command under way, if any: for the tool's last moments.
    /// A change under way is waited for (5 s at most), and the command makes none after it.
    static func rollBackActive() {
        guard let journal = active.withLock({ $0 }) else { return }
        // Held from here until the tool ends, so the command makes no change after the roll-back;
        // a change that takes longer than that (a stuck `git mv`) is rolled back beside it.
        _ = journal.lock.lock(before: Date().addingTimeInterval(5))
        journal.undo()
    }

    /// Runs `change` alone, unless the journal was rolled back: then the tool is ending, and
    /// this waits for that.
    func step<T>(_ change: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        if closed {
            lock.unlock()
            Interruption.waitIfUnderway(grace: .seconds(3600))
            lock.lock()
        }
        return try change()
    }

    /// Keeps `path`'s bytes (or that it did not exist) before its first write, and the folders
    /// above it that do not exist yet.
    func willWrite(_ path: String) {
        step {
            guard recorded.insert(path).inserted else { return }
            willCreateFolders(above: path)
            entries.append(.wrote(path, try? Data(contentsOf: url(path))))
        }
    }

    /// Notes the folders above `path` that do not exist yet, outermost first.
    func willCreateFolders(above path: String) {
        step {
            var missing: [String] = []
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty && !FileManager.default.fileExists(atPath: url(folder).path) {
                missing.insert(folder, at: 0)
                folder = (folder as NSString).deletingLastPathComponent
            }
            entries += missing.map(Entry.madeFolder)
        }
    }

    /// Notes that `from` is being moved to `to`, with `git mv` when `throughGit`; noted before the
    /// move, so a roll-back during it puts back what it did.
    func moved(_ from: String, to: String, throughGit: Bool) {
        step { entries.append(.moved(from: from, to: to, throughGit: throughGit)) }
    }

    /// Writes `text` to `path` (folders made as needed), noting what was there.
    func write(_ text: String, to path: String) throws {
        try step {
            willWrite(path)
            try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url(path), atomically: true, encoding: .utf8)
        }
    }

    /// Moves `from` to `to` (folders made as needed), noting it.
    func move(_ from: String, to: String) throws {
        try step {
            willCreateFolders(above: to)
            try FileManager.default.createDirectory(at: url(to).deletingLastPathComponent(), withIntermediateDirectories: true)
            moved(from, to: to, throughGit: false)
            try FileManager.default.moveItem(at: url(from), to: url(to))
        }
    }

    /// Removes `path`: moves it aside, beside the workspace's other hidden folders, until the
    /// command ends, so a roll-back can put it back.
    func remove(_ path: String) throws {
        try step {
            let folder = try asideFolder()
            let kept = folder.appendingPathComponent("\(removedCount)")
            removedCount += 1
            entries.append(.removed(path, keptAt: kept))
            try FileManager.default.moveItem(at: url(path), to: kept)
        }
    }

    /// Regenerates what `generate` writes for `workspace`, noting each output first.
    @discardableResult func generate(_ workspace: Workspace) throws -> [String] {
        try step {
            for output in Generator.outputs(workspace, root: root) { willWrite(output.path) }
            return try Generator.generate(workspace, root: root)
        }
    }

    /// Puts back every file written, moved and removed, and removes the folders made, latest
    /// first; does what it can and goes on past what fails. No change follows.
    func rollBack() {
        lock.lock()
        defer { lock.unlock() }
        undo()
    }

    /// `rollBack()`'s work, for a caller holding `lock`; nothing once the journal is closed.
    private func undo() {
        guard !closed else { return }
        closed = true
        for entry in entries.reversed() {
            switch entry {
            case .wrote(let path, let data?):
                try? data.write(to: url(path), options: .atomic)
            case .wrote(let path, nil):
                try? FileManager.default.removeItem(at: url(path))
            case .moved(let from, let to, let throughGit):
                guard FileManager.default.fileExists(atPath: url(to).path) else { continue }
                try? FileManager.default.createDirectory(at: url(from).deletingLastPathComponent(), withIntermediateDirectories: true)
                if throughGit, (try? Shell.capture(["git", "mv", to, from], in: root))?.status == 0 { continue }
                try? FileManager.default.moveItem(at: url(to), to: url(from))
            case .removed(let path, let kept):
                try? FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try? FileManager.default.moveItem(at: kept, to: url(path))
            case .madeFolder(let folder):
                if (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path))?.isEmpty == true {
                    try? FileManager.default.removeItem(at: url(folder))
                }
            }
        }
        if let aside { try? FileManager.default.removeItem(at: aside) }
    }

    /// Keeps the changes: deletes what was removed; a signal after this rolls nothing back.
    private func commit() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        if let aside { try? FileManager.default.removeItem(at: aside) }
        entries = []
    }

    /// The hidden folder that holds what was removed, made on first use.
    private func asideFolder() throws -> URL {
        if let aside { return aside }
        let folder = root.appendingPathComponent(".workspace-removed-p\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        aside = folder
        return folder
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
