/// Lines gathered into chunks of about 64 KiB before they are written, so a long listing costs
/// a few writes rather than one per line, and never holds more than a chunk.
public struct LineBuffer {
    private let out: (String) -> Void
    private var pending: [String] = []
    private var bytes = 0

    /// A buffer writing its chunks through `out`, which ends each with a newline.
    public init(_ out: @escaping (String) -> Void) {
        self.out = out
    }

    /// Adds `line` (which may hold newlines of its own), writing the chunk once it is large.
    public mutating func append(_ line: String) {
        pending.append(line)
        bytes += line.utf8.count + 1
        if bytes >= 65_536 { flush() }
    }

    /// Writes what is gathered.
    public mutating func flush() {
        guard !pending.isEmpty else { return }
        out(pending.joined(separator: "\n"))
        pending.removeAll(keepingCapacity: true)
        bytes = 0
    }
}
