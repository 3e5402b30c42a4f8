/// What is kept of one stream a child writes: its first and last `half` bytes, and how many
/// bytes between them were dropped, so a child printing without end costs bounded memory.
struct KeptOutput {
    private let half: Int
    private var head: [UInt8] = []
    private var tail: [[UInt8]] = []
    private var tailCount = 0
    private var droppedChunks = 0

    init(half: Int) {
        self.half = half
    }

    /// Keeps what fits of `bytes` in the head, then in the tail, dropping the tail's oldest chunks.
    mutating func append(_ bytes: [UInt8]) {
        var rest = bytes[...]
        if head.count < half {
            let taken = min(half - head.count, rest.count)
            head += rest.prefix(taken)
            rest = rest.dropFirst(taken)
        }
        guard !rest.isEmpty else { return }
        tail.append(Array(rest))
        tailCount += rest.count
        while let first = tail.first, tailCount - first.count >= half {
            tail.removeFirst()
            tailCount -= first.count
            droppedChunks += first.count
        }
    }

    /// The bytes left out between the head and the tail.
    var dropped: Int { droppedChunks + max(0, tailCount - half) }

    /// The head and the tail, one after the other (copied chunk by chunk: a flattened view is
    /// slow byte by byte).
    var bytes: [UInt8] {
        var result = head
        result.reserveCapacity(head.count + min(tailCount, half))
        var skipped = max(0, tailCount - half)
        for chunk in tail {
            guard skipped < chunk.count else {
                skipped -= chunk.count
                continue
            }
            result.append(contentsOf: chunk[skipped...])
            skipped = 0
        }
        return result
    }
}
