/// The fuzzer's bytes read as choices, for targets that build values from them: each read takes
/// the next bytes, and zeros once they run out, so every input builds some value.
struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `range`, from as many bytes as the range needs.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound)
        var value: UInt64 = 0
        var covered: UInt64 = 0
        while covered < span {
            value = value << 8 | UInt64(byte())
            covered = covered << 8 | 0xFF
        }
        return range.lowerBound + Int(value % (span + 1))
    }

    /// Eight bytes, little-endian.
    mutating func uint64() -> UInt64 {
        (0..<8).reduce(0) { value, shift in value | UInt64(byte()) << (8 * shift) }
    }

    mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// Up to `maxCount` bytes.
    mutating func bytes(maxCount: Int) -> [UInt8] {
        (0..<int(in: 0...maxCount)).map { _ in byte() }
    }

    /// A string of up to `maxCount` bytes read as UTF-8 (invalid sequences repaired), or, for
    /// about half the inputs, of up to `maxCount` characters of `alphabet`.
    mutating func string(maxCount: Int, alphabet: String? = nil) -> String {
        if let alphabet, bool() { return string(maxCount: maxCount, of: alphabet) }
        return String(decoding: bytes(maxCount: maxCount), as: UTF8.self)
    }

    /// A string of up to `maxCount` characters of `alphabet`.
    mutating func string(maxCount: Int, of alphabet: String) -> String {
        let characters = Array(alphabet)
        return String((0..<int(in: 0...maxCount)).map { _ in characters[int(in: 0...characters.count - 1)] })
    }

    /// The bytes not read yet.
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}
