import Foundation

/// The MD5 digest (RFC 1321), as Marvel's request signing needs. Not for security.
public enum MD5 {
    /// The 16-byte digest of `bytes`.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var message = [UInt8]()
        message.reserveCapacity(bytes.count + 72)
        message.append(contentsOf: bytes)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for index in 0..<8 { message.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))) }

        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
        message.withUnsafeBufferPointer { input in
            constants.withUnsafeBufferPointer { constants in
                shifts.withUnsafeBufferPointer { shifts in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
                        for chunk in stride(from: 0, to: input.count, by: 64) {
                            for index in 0..<16 {
                                let base = chunk + index * 4
                                words[index] =
                                    UInt32(input[base]) | UInt32(input[base + 1]) << 8
                                    | UInt32(input[base + 2]) << 16 | UInt32(input[base + 3]) << 24
                            }
                            state = compress(state, UnsafeBufferPointer(words), constants, shifts)
                        }
                    }
                }
            }
        }
        return [state.0, state.1, state.2, state.3].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
        }
    }

    /// The digest of `text`'s UTF-8 bytes in lowercase hexadecimal.
    public static func hex(_ text: String) -> String {
        hex(Array(text.utf8))
    }

    /// The digest of `bytes` in lowercase hexadecimal.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(32)
        for byte in digest(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func compress(
        _ state: (UInt32, UInt32, UInt32, UInt32),
        _ words: UnsafeBufferPointer<UInt32>,
        _ constants: UnsafeBufferPointer<UInt32>,
        _ shifts: UnsafeBufferPointer<UInt32>
    ) -> (UInt32, UInt32, UInt32, UInt32) {
        var (a, b, c, d) = state
        for round in 0..<64 {
            var f: UInt32
            let index: Int
            switch round {
            case 0..<16: (f, index) = ((b & c) | (~b & d), round)
            case 16..<32: (f, index) = ((d & b) | (~d & c), (5 * round + 1) % 16)
            case 32..<48: (f, index) = (b ^ c ^ d, (3 * round + 5) % 16)
            default: (f, index) = (c ^ (b | ~d), (7 * round) % 16)
            }
            f = f &+ a &+ constants[round] &+ words[index]
            a = d
            d = c
            c = b
            b = b &+ (f << shifts[round] | f >> (32 - shifts[round]))
        }
        return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) × 2^32) for i in 0..<64, as RFC 1321 tabulates them.
    private static let constants: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
    }
}
