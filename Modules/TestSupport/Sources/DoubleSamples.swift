/// Doubles of every kind of bit pattern, for tests that hand numbers read from a cache, a file, a
/// row or a server (dates, durations) to code that must never trap: NaNs with and without payloads
/// and of both signs, the infinities, the zeros, subnormals, the largest finite values, values
/// just past what `Int` holds and the edges of the years -9999 to 9999; and seeded random bit
/// patterns, which cover every exponent.
public enum DoubleSamples {
    /// The edges every such test tries.
    public static let edges: [Double] = [
        .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFF8_DEAD_BEEF_0001),
        .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300,
        9_223_372_036_854_775_808, -9_223_372_036_854_777_856, 1e16, -1e16, 1e12, -1e12, 0.5, -0.5,
        -377_705_116_800, -377_705_116_800.001, 253_402_300_799.999, 253_402_300_800, -62_135_596_800, 1_398_795_497,
    ]

    /// `count` doubles of random bit patterns from `seed`.
    public static func random(_ count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in Double(bitPattern: random.next()) }
    }

    /// The edges, then `randomCount` random bit patterns from `seed`.
    public static func all(randomCount: Int, seed: UInt64 = 36) -> [Double] {
        edges + random(randomCount, seed: seed)
    }
}
