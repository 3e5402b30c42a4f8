import Foundation
import Storage
import Synchronization

/// A `FileSystem` in memory, with injectable failures for reads, writes and removals and an
/// injectable clock for modification dates. It passes the same `FileSystemContract` as
/// `LocalFileSystem`.
public final class InMemoryFileSystem: FileSystem {
    /// Why the double refused an operation, as a real file system would.
    public enum Failure: Error, Equatable {
        /// Nothing exists at the path.
        case noSuchFile(String)
        /// A file is where a directory is needed.
        case notADirectory(String)
        /// A directory is where a file is needed.
        case isADirectory(String)
    }

    private struct File {
        var data: Data
        var modificationDate: Date
    }

    private struct State {
        var files: [String: File] = [:]
        var directories: [String: Date] = [:]
        var readError: (any Error)?
        var writeError: (any Error)?
        var removeError: (any Error)?
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Date

    /// An empty file system (only `/` exists) whose writes are dated by `now`.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        let date = now()
        state.withLock { $0.directories["/"] = date }
    }

    /// Makes every later `read`, `contents` and `attributes` throw `error` (nil restores them).
    public func failReads(with error: (any Error)?) {
        state.withLock { $0.readError = error }
    }

    /// Makes every later `write`, `setModificationDate` and `createDirectory` throw `error` (nil restores them).
    public func failWrites(with error: (any Error)?) {
        state.withLock { $0.writeError = error }
    }

    /// Makes every later `remove` throw `error` (nil restores removals).
    public func failRemovals(with error: (any Error)?) {
        state.withLock { $0.removeError = error }
    }

    /// The file's contents, or nil when there is none; a directory or a file over `limit` bytes throws as `LocalFileSystem` does.
    public func read(_ url: URL, limit: Int) throws -> Data? {
        try read(standardPath: Self.path(url), limit: limit)
    }

    /// `read(_:limit:)` of the file at `path`, with no URL built when the path is already standard.
    public func read(atPath path: String, limit: Int) throws -> Data? {
        guard Self.isStandard(path) else { return try read(URL(filePath: path, directoryHint: .notDirectory), limit: limit) }
        return try read(standardPath: path, limit: limit)
    }

    private func read(standardPath path: String, limit: Int) throws -> Data? {
        try state.withLock { state in
            if let error = state.readError { throw error }
            if state.directories[path] != nil { throw StorageError.notARegularFile(path: path) }
            guard let data = state.files[path]?.data else { return nil }
            guard data.count <= limit else { throw StorageError.tooLarge(path: path, size: data.count, limit: limit) }
            return data
        }
    }

    /// Replaces the file at once (atomic by construction), dated by the clock.
    public func write(_ data: Data, to url: URL) throws {
        let path = Self.path(url)
        let date = now()
        try state.withLock { state in
            if let error = state.writeError { throw error }
            let parent = Self.parent(of: path)
            guard state.directories[parent] != nil else { throw Failure.noSuchFile(parent) }
            guard state.directories[path] == nil else { throw Failure.isADirectory(path) }
            state.files[path] = File(data: data, modificationDate: date)
        }
    }

    /// Removes the file; a missing file is fine.
    public func remove(_ url: URL) throws {
        let path = Self.path(url)
        try state.withLock { state in
            if let error = state.removeError { throw error }
            if state.directories[path] != nil { throw Failure.isADirectory(path) }
            state.files[path] = nil
        }
    }

    /// The directory's entries, sorted by path.
    public func contents(of directory: URL) throws -> [URL] {
        let path = Self.path(directory)
        return try state.withLock { state in
            if let error = state.readError { throw error }
            guard state.directories[path] != nil else {
                throw state.files[path] == nil ? Failure.noSuchFile(path) : Failure.notADirectory(path)
            }
            let files = state.files.keys.filter { Self.parent(of: $0) == path }
                .map { URL(fileURLWithPath: $0, isDirectory: false) }
            let directories = state.directories.keys.filter { $0 != path && Self.parent(of: $0) == path }
                .map { URL(fileURLWithPath: $0, isDirectory: true) }
            return (files + directories).sorted { $0.path < $1.path }
        }
    }

    /// The file's size and modification date, or nil when there is none.
    public func attributes(of url: URL) throws -> FileAttributes? {
        let path = Self.path(url)
        return try state.withLock { state in
            if let error = state.readError { throw error }
            if let date = state.directories[path] { return FileAttributes(size: 0, modificationDate: date, isRegularFile: false) }
            return state.files[path].map { FileAttributes(size: $0.data.count, modificationDate: $0.modificationDate) }
        }
    }

    /// Sets the modification date.
    public func setModificationDate(_ date: Date, of url: URL) throws {
        let path = Self.path(url)
        try state.withLock { state in
            if let error = state.writeError { throw error }
            if state.directories[path] != nil {
                state.directories[path] = date
                return
            }
            guard state.files[path] != nil else { throw Failure.noSuchFile(path) }
            state.files[path]?.modificationDate = date
        }
    }

    /// Creates the directory and its parents; throws if a file is in the way.
    public func createDirectory(_ directory: URL) throws {
        let date = now()
        var path = Self.path(directory)
        try state.withLock { state in
            if let error = state.writeError { throw error }
            var missing: [String] = []
            while state.directories[path] == nil {
                guard state.files[path] == nil else { throw Failure.notADirectory(path) }
                missing.append(path)
                path = Self.parent(of: path)
            }
            for path in missing { state.directories[path] = date }
        }
    }

    /// The standardized path of `url`. A path that is already standard (absolute, no empty, `.`
    /// or `..` component, no trailing slash), as every path a cache builds is, is taken as it is:
    /// standardizing through `URL` costs more than the rest of an operation.
    private static func path(_ url: URL) -> String {
        let path = url.path(percentEncoded: false)
        return isStandard(path) ? path : url.standardizedFileURL.path
    }

    private static func isStandard(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == slash else { return false }
        if path.utf8.count == 1 { return true }
        // The length of the component being read, and whether it is only dots ("", "." or "..").
        var componentLength = 0
        var allDots = true
        while let byte = utf8.next() {
            if byte == slash {
                if componentLength == 0 || (allDots && componentLength <= 2) { return false }
                componentLength = 0
                allDots = true
            } else {
                componentLength += 1
                allDots = allDots && byte == dot
            }
        }
        return componentLength != 0 && !(allDots && componentLength <= 2)
    }

    /// The directory holding `path` (a standard path): everything before its last slash, or `/`.
    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
