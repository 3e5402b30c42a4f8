import Sockets

/// A stream of bytes handed out as `Socket.receive` hands out what arrives, in pieces whose sizes
/// follow from `seed` (0: as much as fits at once; 1: a byte at a time; n: 1…n bytes), then the end.
final class ChunkedStream {
    private let bytes: [UInt8]
    private let seed: UInt8
    private var position = 0
    private var random: UInt64

    init(_ bytes: [UInt8], seed: UInt8) {
        self.bytes = bytes
        self.seed = seed
        random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// The next piece, copied to the start of `buffer`, or `.end` after the last.
    func receive(into buffer: inout [UInt8]) -> Socket.Received {
        guard position < bytes.count else { return .end }
        let count = min(nextSize(), buffer.count, bytes.count - position)
        for offset in 0..<count { buffer[offset] = bytes[position + offset] }
        position += count
        return .bytes(count)
    }

    /// A piece's size; never so small that a long stream takes more than about 256 pieces.
    private func nextSize() -> Int {
        guard seed > 0 else { return bytes.count }
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return max(Int(random % UInt64(seed)) + 1, bytes.count / 256)
    }
}
