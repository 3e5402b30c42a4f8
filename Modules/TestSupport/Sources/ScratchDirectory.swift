import Foundation

/// A fresh temporary directory (for database files, fixtures, caches), removed with everything in
/// it on `remove()` or when the value is released. The one temporary-folder helper of the tests.
public final class ScratchDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "excelsior-db") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Creates a new directory whose name starts with `prefix`, holding `files` (each name to its contents).
    public convenience init(prefix: String = "excelsior-db", files: [String: String]) throws {
        try self.init(prefix: prefix)
        for (name, contents) in files {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    deinit {
        remove()
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
