import Foundation

/// What a file system knows about one file besides its contents.
public struct FileAttributes: Sendable, Equatable {
    /// The file's size in bytes.
    public var size: Int
    /// When the file was last modified (or had its modification date set).
    public var modificationDate: Date
    /// Whether it is a regular file (not a directory, FIFO, socket or device).
    public var isRegularFile: Bool

    /// Attributes with the given size, modification date and kind.
    public init(size: Int, modificationDate: Date, isRegularFile: Bool = true) {
        self.size = size
        self.modificationDate = modificationDate
        self.isRegularFile = isRegularFile
    }
}
