/// The 64-bit hash behind typed keys' `Key.fingerprint`: eight bytes at a time, stable across runs,
/// processes and machines (bytes are read as little-endian words; unlike `Hasher`, no seed).
///
/// Each word is folded in with a multiply and an xor-shift (both invertible, so inputs of one
/// length that differ in one word never collide), the length is mixed in first, and a final
/// avalanche spreads every input bit over the whole result, low bits included.
enum KeyHash {
    /// The seed of type names' hashes, which in turn seed typed keys' fingerprints.
    static let typeSeed: UInt64 = 0x7479_7065_6e61_6d65

    private static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// The hash of `text`'s UTF-8 bytes, continuing from `seed`.
    static func hash(_ text: String, seed: UInt64) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return hash
        }
        return Array(text.utf8).withUnsafeBytes { hash($0, seed: seed) }
    }

    /// The hash of `bytes`, continuing from `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = fold(seed, UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            state = fold(state, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            state = fold(state, tail(of: bytes, from: offset))
        }
        return avalanche(state)
    }

    /// The last 1 to 7 bytes from `offset` on as a little-endian word, read four, two and one at a time.
    private static func tail(of bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var at = offset
        if bytes.count - at >= 4 {
            word = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            at += 4
            shift = 32
        }
        if bytes.count - at >= 2 {
            word |= UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))) << shift
            at += 2
            shift += 16
        }
        if at < bytes.count {
            word |= UInt64(bytes[at]) << shift
        }
        return word
    }

    private static func fold(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* multiplier
        return mixed ^ (mixed >> 29)
    }

    /// The finalizer of SplitMix64 / MurmurHash3's fmix64 family: every bit affects every bit.
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }
}
