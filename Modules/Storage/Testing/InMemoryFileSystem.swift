import Foundation
import Storage
import Synchronization

/// A `FileSystem` in memory, with injectable failures for reads, writes and removals.
public final class InMemoryFileSystem: FileSystem {
    /// The error the double throws for a missing file or directory.
    public struct NoSuchFile: Error, Equatable {
        /// The path asked for.
        public let path: String
    }

    private struct State {
        var files: [String: Data] = [:]
        var directories: Set<String> = []
        var readError: (any Error)?
        var writeError: (any Error)?
        var removeError: (any Error)?
    }

    private let state = Mutex(State())

    /// An empty file system.
    public init() {}

    /// Makes every later `read` throw `error` (nil restores normal reads).
    public func failReads(with error: (any Error)?) {
        state.withLock { $0.readError = error }
    }

    /// Makes every later `write` and `createDirectory` throw `error` (nil restores them).
    public func failWrites(with error: (any Error)?) {
        state.withLock { $0.writeError = error }
    }

    /// Makes every later `remove` throw `error` (nil restores removals).
    public func failRemovals(with error: (any Error)?) {
        state.withLock { $0.removeError = error }
    }

    public func read(_ url: URL) throws -> Data {
        try state.withLock { state in
            if let error = state.readError { throw error }
            guard let data = state.files[url.standardizedFileURL.path] else { throw NoSuchFile(path: url.path) }
            return data
        }
    }

    public func write(_ data: Data, to url: URL) throws {
        try state.withLock { state in
            if let error = state.writeError { throw error }
            let parent = url.standardizedFileURL.deletingLastPathComponent().path
            guard state.directories.contains(parent) else { throw NoSuchFile(path: parent) }
            state.files[url.standardizedFileURL.path] = data
        }
    }

    public func remove(_ url: URL) throws {
        try state.withLock { state in
            if let error = state.removeError { throw error }
            state.files[url.standardizedFileURL.path] = nil
        }
    }

    public func contents(of directory: URL) throws -> [URL] {
        try state.withLock { state in
            let path = directory.standardizedFileURL.path
            guard state.directories.contains(path) else { throw NoSuchFile(path: path) }
            return (Array(state.files.keys) + Array(state.directories))
                .filter { $0 != path && ($0 as NSString).deletingLastPathComponent == path }
                .sorted()
                .map { URL(fileURLWithPath: $0) }
        }
    }

    public func createDirectory(_ directory: URL) throws {
        try state.withLock { state in
            if let error = state.writeError { throw error }
            var path = directory.standardizedFileURL.path
            while path != "/" && !path.isEmpty {
                state.directories.insert(path)
                path = (path as NSString).deletingLastPathComponent
            }
            state.directories.insert("/")
        }
    }
}
