/// The 64-bit FNV-1a hash: stable across runs, processes and machines (unlike `Hasher`).
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`, continuing from `seed` so several regions can be hashed as one.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes, continuing from `seed`: the same value as hashing
    /// `text.utf8`, read from the string's contiguous storage when it has one.
    static func hash(_ text: String, seed: UInt64 = offsetBasis) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { hash($0, seed: seed) } ?? hash(text.utf8, seed: seed)
    }
}
