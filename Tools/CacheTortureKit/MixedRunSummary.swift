/// What one `cache-torture mixed` process did, printed as one JSON line when it exits.
public struct MixedRunSummary: Codable, Sendable, Equatable {
    /// The process's seed, which is also the `writer` of every value it wrote.
    public var writer: UInt64
    /// How many values it stored.
    public var stores = 0
    /// How many reads found a value.
    public var hits = 0
    /// How many reads found none.
    public var misses = 0
    /// Values read that failed `TortureValue.verify`, and thrown errors; both must be zero.
    public var defects: [String] = []
    /// The generation of the last value this process wrote to each slot, by slot.
    public var lastGeneration: [Int: UInt64] = [:]

    /// A summary of nothing done yet by the process seeded `writer`.
    public init(writer: UInt64) {
        self.writer = writer
    }
}

/// How the tool and the tests share the layout of a torture run.
public enum TortureLayout {
    /// The keys the crash-safety writer overwrites.
    public static let writeSlots = 0..<16
    /// The keys the concurrent processes share.
    public static let mixedSlots = 0..<8
}
