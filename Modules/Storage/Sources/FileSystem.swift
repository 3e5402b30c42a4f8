import Foundation

/// The file operations a disk cache needs, so tests can swap the real disk for memory.
///
/// Implementations are thread-safe. `FileSystemContract` (in StorageTesting) is the executable
/// specification every implementation passes.
public protocol FileSystem: Sendable {
    /// The contents of the regular file at `url`, or nil when there is no file there. Reads at most
    /// `limit` bytes: throws `StorageError.tooLarge` for a larger file and
    /// `StorageError.notARegularFile` for a directory, FIFO or device, without blocking on it or
    /// allocating its size; throws on any other failure.
    func read(_ url: URL, limit: Int) throws -> Data?
    /// `read(_:limit:)` of the file at the absolute `path`; an implementation may
    /// read it without building a URL (a `DiskCache` hit reads this way).
    func read(atPath path: String, limit: Int) throws -> Data?
    /// Replaces the file at `url` with `data` atomically: a reader sees the whole old file or the
    /// whole new one, never a mix, even when the writer dies midway. On failure the old file is intact.
    func write(_ data: Data, to url: URL) throws
    /// Removes the file at `url`; removing a missing file is not an error.
    func remove(_ url: URL) throws
    /// The files and directories directly inside `directory`, hidden ones included.
    func contents(of directory: URL) throws -> [URL]
    /// The size and modification date of the file at `url`, or nil when there is no file there.
    func attributes(of url: URL) throws -> FileAttributes?
    /// Sets the modification date of the existing file at `url` to `date`.
    func setModificationDate(_ date: Date, of url: URL) throws
    /// Creates `directory` and its parents if they do not exist; throws if it cannot be a directory.
    func createDirectory(_ directory: URL) throws
}

extension FileSystem {
    /// `read(_:limit:)` of the URL of `path`.
    public func read(atPath path: String, limit: Int) throws -> Data? {
        try read(URL(filePath: path, directoryHint: .notDirectory), limit: limit)
    }

    /// The most bytes `read(_:)` reads: 64 MiB.
    public static var defaultReadLimit: Int { 64 << 20 }

    /// The contents of the regular file at `url` when it holds at most `defaultReadLimit` bytes.
    public func read(_ url: URL) throws -> Data? {
        try read(url, limit: Self.defaultReadLimit)
    }
}
