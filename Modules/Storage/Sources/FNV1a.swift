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
}
