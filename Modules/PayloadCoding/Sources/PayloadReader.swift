import Foundation

/// Why bytes could not be read as the value asked for, before the coding path is known.
enum PayloadFault: Error {
    /// The bytes are not in the format (truncated, an unknown tag, a count past the end…).
    case corrupted(String)
    /// A value of another kind is there.
    case mismatch(found: PayloadFormat.Tag)
    /// A nil is there.
    case null
    /// A number that does not fit the type asked for.
    case outOfRange(String)

    /// The `DecodingError` for a value of `type` at `path`.
    func error(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        switch self {
        case .corrupted(let message):
            .dataCorrupted(.init(codingPath: path, debugDescription: "Damaged payload: \(message)."))
        case .mismatch(let found):
            .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected \(type) but found \(found)."))
        case .null:
            .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) but found nil."))
        case .outOfRange(let number):
            .dataCorrupted(.init(codingPath: path, debugDescription: "\(number) does not fit in \(type)."))
        }
    }
}

/// Bounds-checked reading of `PayloadFormat` values from bytes: every read names the offset it
/// starts at and the offset it must not pass.
struct PayloadReader {
    let bytes: UnsafeRawBufferPointer
    let state: PayloadDecodeState

    func tag(at position: Int, end: Int) throws(PayloadFault) -> PayloadFormat.Tag {
        guard position < end else { throw .corrupted("a value is missing at byte \(position)") }
        guard let tag = PayloadFormat.Tag(rawValue: bytes[position]) else {
            throw .corrupted("unknown tag \(bytes[position]) at byte \(position)")
        }
        return tag
    }

    /// The tag at `position`, which must be `expected`; nil and other kinds throw.
    func expect(_ expected: PayloadFormat.Tag, at position: Int, end: Int) throws(PayloadFault) {
        let tag = try tag(at: position, end: end)
        guard tag == expected else { throw tag == .null ? .null : .mismatch(found: tag) }
    }

    func varint(at position: inout Int, end: Int) throws(PayloadFault) -> UInt64 {
        if position < end, bytes[position] < 0x80 {
            position += 1
            return UInt64(bytes[position - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw .corrupted("a number is cut off at byte \(position)") }
            let byte = bytes[position]
            position += 1
            guard shift < 63 || byte <= 1 else { throw .corrupted("a number is too long at byte \(position - 1)") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A byte count at `position` that must fit before `end`.
    func length(at position: inout Int, end: Int) throws(PayloadFault) -> Int {
        let length = try varint(at: &position, end: end)
        guard length <= UInt64(end - position) else { throw .corrupted("a length runs past the end at byte \(position)") }
        return Int(length)
    }

    func uint32(at position: Int, end: Int) throws(PayloadFault) -> Int {
        guard end - position >= 4 else { throw .corrupted("a count is cut off at byte \(position)") }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
    }

    func bool(at position: inout Int, end: Int) throws(PayloadFault) -> Bool {
        let tag = try tag(at: position, end: end)
        guard tag == .true || tag == .false else { throw tag == .null ? .null : .mismatch(found: tag) }
        position += 1
        return tag == .true
    }

    func string(at position: inout Int, end: Int) throws(PayloadFault) -> String {
        try expect(.string, at: position, end: end)
        position += 1
        return try text(at: &position, end: end)
    }

    /// A string without its tag (a key).
    func text(at position: inout Int, end: Int) throws(PayloadFault) -> String {
        let count = try length(at: &position, end: end)
        let start = bytes.baseAddress.map { ($0 + position).assumingMemoryBound(to: UInt8.self) }
        let utf8 = UnsafeBufferPointer(start: start, count: count)
        // ASCII is valid UTF-8, so `String(decoding:as:)` has nothing to repair.
        if Self.isASCII(utf8) {
            position += count
            return String(decoding: utf8, as: UTF8.self)
        }
        guard let text = try? UTF8Span(validating: utf8.span) else { throw .corrupted("a string is not UTF-8 at byte \(position)") }
        position += count
        return String(copying: text)
    }

    /// Whether every byte of `utf8` is below 0x80, checked eight bytes at a time.
    private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        var high: UInt64 = 0
        while offset + 8 <= utf8.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < utf8.count {
            high |= UInt64(base[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the key at `position` is `key`; moves past the key either way.
    func key(at position: inout Int, end: Int, equals key: String) throws(PayloadFault) -> Bool {
        let count = try length(at: &position, end: end)
        let start = position
        position += count
        guard count == key.utf8.count else { return false }
        guard count > 0, let stored = bytes.baseAddress.map({ $0 + start }) else { return true }
        return key.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, stored, count) == 0 }
            ?? key.utf8.elementsEqual(UnsafeRawBufferPointer(start: stored, count: count))
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at position: inout Int, end: Int) throws(PayloadFault) -> Integer {
        let tag = try tag(at: position, end: end)
        var next = position + 1
        let value: Integer
        switch tag {
        case .signed:
            let zigzag = try varint(at: &next, end: end)
            let signed = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
            guard signed >= Integer.min, signed <= Integer.max else { throw .outOfRange(String(signed)) }
            value = Integer(truncatingIfNeeded: signed)
        case .unsigned:
            let unsigned = try varint(at: &next, end: end)
            guard unsigned <= Integer.max else { throw .outOfRange(String(unsigned)) }
            value = Integer(truncatingIfNeeded: unsigned)
        default:
            throw tag == .null ? .null : .mismatch(found: tag)
        }
        position = next
        return value
    }

    func double(at position: inout Int, end: Int) throws(PayloadFault) -> Double {
        let tag = try tag(at: position, end: end)
        switch tag {
        case .double:
            guard end - position >= 9 else { throw .corrupted("a number is cut off at byte \(position)") }
            defer { position += 9 }
            return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position + 1, as: UInt64.self)))
        case .float:
            return Double(try float(at: &position, end: end))
        default:
            throw tag == .null ? .null : .mismatch(found: tag)
        }
    }

    func float(at position: inout Int, end: Int) throws(PayloadFault) -> Float {
        let tag = try tag(at: position, end: end)
        switch tag {
        case .float:
            guard end - position >= 5 else { throw .corrupted("a number is cut off at byte \(position)") }
            defer { position += 5 }
            return Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position + 1, as: UInt32.self)))
        case .double:
            let double = try double(at: &position, end: end)
            let float = Float(double)
            guard float.isFinite || !double.isFinite else { throw .outOfRange(String(double)) }
            return float
        default:
            throw tag == .null ? .null : .mismatch(found: tag)
        }
    }

    /// Where the value at `position` ends, without reading what a container holds.
    func end(ofValueAt position: Int, end: Int) throws(PayloadFault) -> Int {
        var next = position + 1
        switch try tag(at: position, end: end) {
        case .null, .false, .true: break
        case .signed, .unsigned: _ = try varint(at: &next, end: end)
        case .float: next += 4
        case .double: next += 8
        case .string: next += try length(at: &next, end: end)
        case .keyed, .unkeyed: next += 4 + (try uint32(at: next, end: end))
        }
        guard next <= end else { throw .corrupted("a value runs past the end at byte \(position)") }
        return next
    }
}
