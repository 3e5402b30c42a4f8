import Foundation

extension DiskCache {
    /// What a disk cache knows about one stored entry.
    public struct Entry: Sendable, Equatable {
        /// The text of the key the entry was stored under (`Key.value`).
        public var key: String
        /// The fully qualified name of the stored value's type.
        public var type: String
        /// The size of the entry's file.
        public var bytes: Int
        /// When the entry was stored.
        public var storedAt: Date
        /// When the entry expires, or nil for never.
        public var expiresAt: Date?
        /// When the entry was last read or written, as this instance knows it: its file's
        /// modification date, or a later hit this instance saw and has not persisted yet.
        public var lastAccess: Date
    }

    /// How many entries a disk cache holds and how many bytes their files take.
    public struct Usage: Sendable, Equatable {
        /// The number of entry files.
        public var count: Int
        /// Their total size in bytes.
        public var bytes: Int

        /// A usage of `count` entries taking `bytes` bytes.
        public init(count: Int, bytes: Int) {
            self.count = count
            self.bytes = bytes
        }
    }
}
