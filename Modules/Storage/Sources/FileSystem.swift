import Foundation

/// The file operations a disk cache needs, so tests can swap the real disk for memory.
public protocol FileSystem: Sendable {
    /// The contents of the file at `url`.
    func read(_ url: URL) throws -> Data
    /// Replaces the file at `url` with `data` atomically: readers see the old or the new file.
    func write(_ data: Data, to url: URL) throws
    /// Removes the file at `url`; removing a missing file is not an error.
    func remove(_ url: URL) throws
    /// The files and directories directly inside `directory`.
    func contents(of directory: URL) throws -> [URL]
    /// Creates `directory` and its parents if they do not exist.
    func createDirectory(_ directory: URL) throws
}
