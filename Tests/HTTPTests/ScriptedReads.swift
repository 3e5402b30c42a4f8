import Sockets

/// A `receive` for the readers' seams that hands out `bytes` as `Socket.receive` would: in two
/// reads, the first `split` bytes long (all at once when nil), then the end of the stream.
func reads(of bytes: [UInt8], splitAt split: Int? = nil) -> (inout [UInt8]) -> Socket.Received {
    var pieces = split.map { [Array(bytes[..<$0]), Array(bytes[$0...])] } ?? [bytes]
    return { buffer in
        guard !pieces.isEmpty else { return .end }
        let piece = pieces.removeFirst()
        buffer.replaceSubrange(0..<piece.count, with: piece)
        return .bytes(piece.count)
    }
}
