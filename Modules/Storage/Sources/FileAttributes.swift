import Foundation

/// What a file system knows about one file besides its contents.
public struct FileAttributes: Sendable, Equatable {
    /// The file's size in bytes.
    public var size: Int
    /// When the file was last modified (or had its modification date set).
    public var modificationDate: Date

    /// Attributes with the given size and modification date.
    public init(size: Int, modificationDate: Date) {
        self.size = size
        self.modificationDate = modificationDate
    }
}
