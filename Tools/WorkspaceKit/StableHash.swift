/// FNV-1a, 64 bits: a fast, deterministic fingerprint of test inputs, to notice change (not a
/// defence against someone forging a collision).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes`, then their count, so that consecutive parts cannot run into each other.
    mutating func combine(_ bytes: some Sequence<UInt8>) {
        var count: UInt64 = 0
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        for shift in stride(from: 0, to: 64, by: 8) {
            value = (value ^ ((count >> UInt64(shift)) & 0xff)) &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds `text`'s UTF-8 bytes.
    mutating func combine(_ text: String) {
        combine(text.utf8)
    }

    /// The value as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
