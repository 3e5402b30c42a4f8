import Foundation
import Synchronization

/// The temporary folders the tool compiles in, `<prefix>p<pid>-<UUID>` under a cache folder:
/// removed when done, by `removeAll()` when the tool is interrupted, and, when the tool was
/// killed outright, by the next tool that makes one beside them and finds their process gone.
enum ScratchFolders {
    private static let live = Mutex<Set<String>>([])

    /// A new empty folder in `cache` (made if needed), named with `prefix` and this process's id;
    /// first removes the folders of that prefix whose process has ended. Throws `Shell.Failure`
    /// naming `cache` (relative to `root`, if given) when the folder cannot be made.
    static func make(in cache: URL, prefix: String = "build-", root: URL?) throws -> URL {
        removeAbandoned(in: cache, prefix: prefix)
        let folder = cache.appendingPathComponent("\(prefix)p\(getpid())-\(UUID().uuidString)")
        try ManifestBuild.writing(cache.path, relativeTo: root) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        live.withLock { _ = $0.insert(folder.path) }
        return folder
    }

    /// Removes `folder` and forgets it.
    static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        live.withLock { _ = $0.remove(folder.path) }
    }

    /// Removes every folder still in use: for the tool's last moments, when a signal ends it.
    static func removeAll() {
        for path in live.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Removes the folders of `prefix` in `cache` left by a process that no longer runs.
    private static func removeAbandoned(in cache: URL, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name.hasPrefix(prefix + "p") {
            guard let pid = Int32(name.dropFirst(prefix.count + 1).prefix { $0 != "-" }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(at: cache.appendingPathComponent(name)) }
        }
    }
}
