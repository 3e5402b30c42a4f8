import Foundation

/// A fresh temporary directory with the given files, removed by `remove()`.
public struct FixtureDirectory: Sendable {
    /// Where it is.
    public let url: URL

    /// Creates the directory and writes `files`, each name to its contents.
    public init(files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
