import Storage
import StorageTesting
import TestSupport

/// A value whose content proves it is complete: its payload (1–16 KB) is derived from its slot,
/// writer and generation, and a checksum covers all four. A value that decodes but mixes two
/// writes, or lost bytes, fails `verify`.
///
/// The fault tests and the `cache-torture` tool both write and check these, through this one type.
public struct TortureValue: Codable, Sendable, Equatable {
    /// Which of the shared keys the value was written under (`TortureValue.key(slot:)`).
    public let slot: Int
    /// Who wrote it (a process's seed).
    public let writer: UInt64
    /// The writer's sequence number for this write.
    public let generation: UInt64
    /// Text derived from `slot`, `writer` and `generation`.
    public let payload: String
    /// FNV-1a-64 of the other fields.
    public let checksum: UInt64

    /// Why a value is not one complete write.
    public enum Defect: Error, Equatable, CustomStringConvertible {
        case wrongSlot(expected: Int, found: Int)
        case payloadMismatch(slot: Int, writer: UInt64, generation: UInt64)
        case checksumMismatch(slot: Int, writer: UInt64, generation: UInt64)

        /// What is wrong with the value read, naming its slot.
        public var description: String {
            switch self {
            case .wrongSlot(let expected, let found): "slot \(expected) holds a value written for slot \(found)"
            case .payloadMismatch(let slot, let writer, let generation):
                "slot \(slot): payload does not match writer \(writer) generation \(generation)"
            case .checksumMismatch(let slot, let writer, let generation):
                "slot \(slot): checksum does not match writer \(writer) generation \(generation)"
            }
        }
    }

    /// The complete value for `slot`, `writer` and `generation`.
    public init(slot: Int, writer: UInt64, generation: UInt64) {
        self.slot = slot
        self.writer = writer
        self.generation = generation
        payload = Self.payload(slot: slot, writer: writer, generation: generation)
        checksum = Self.checksum(slot: slot, writer: writer, generation: generation, payload: payload)
    }

    /// The key of `slot`: one of a small fixed set every writer shares.
    public static func key(slot: Int) -> Key {
        Key("torture/\(slot)")
    }

    /// Throws unless this is exactly the value `init(slot:writer:generation:)` makes for `slot`.
    public func verify(slot expected: Int) throws(Defect) {
        guard slot == expected else { throw .wrongSlot(expected: expected, found: slot) }
        guard checksum == Self.checksum(slot: slot, writer: writer, generation: generation, payload: payload) else {
            throw .checksumMismatch(slot: slot, writer: writer, generation: generation)
        }
        guard payload == Self.payload(slot: slot, writer: writer, generation: generation) else {
            throw .payloadMismatch(slot: slot, writer: writer, generation: generation)
        }
    }

    /// 1 024 to 16 383 bytes: the three numbers, then a block of 64 letters from a generator seeded
    /// by them, repeated (cheap to make and compare even in a debug build).
    static func payload(slot: Int, writer: UInt64, generation: UInt64) -> String {
        var random = SeededRandom(seed: writer &* 0x9E37_79B9_7F4A_7C15 ^ generation &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(slot))
        let count = 1024 + Int(random.next() % 15360)
        var block = [UInt8]()
        for _ in 0..<8 {
            let word = random.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                block.append(UInt8(ascii: "a") + UInt8(truncatingIfNeeded: word >> UInt64(shift)) % 26)
            }
        }
        let text = "\(slot).\(writer).\(generation):" + String(repeating: String(decoding: block, as: UTF8.self), count: count / 64 + 1)
        return String(decoding: text.utf8.prefix(count), as: UTF8.self)
    }

    /// FNV-1a-64 over the numbers and the payload taken 8 bytes at a time.
    static func checksum(slot: Int, writer: UInt64, generation: UInt64, payload: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x100_0000_01b3
        }
        mix(UInt64(bitPattern: Int64(slot)))
        mix(writer)
        mix(generation)
        var text = payload
        text.withUTF8 { bytes in
            mix(UInt64(bytes.count))
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < bytes.count {
                mix(UInt64(bytes[offset]))
                offset += 1
            }
        }
        return hash
    }
}
