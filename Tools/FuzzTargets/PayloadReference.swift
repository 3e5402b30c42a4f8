/// A plain reader of `PayloadFormat`, written from its description alone, to hold the decoder
/// against: it reads the whole value eagerly, and refuses anything the description does not
/// allow (an unknown tag, a number over 64 bits, a string that is not UTF-8, a count or length
/// past its container, a container its entries or elements do not fill exactly, nesting past 512).
struct PayloadReference {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// The value `bytes` hold, or nil when they are not exactly one well-formed value.
    static func value(in bytes: UnsafeRawBufferPointer) -> PayloadValue? {
        var reader = PayloadReference(bytes: bytes)
        guard let value = reader.value(end: bytes.count, depth: 0), reader.index == bytes.count else { return nil }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private mutating func value(end: Int, depth: Int) -> PayloadValue? {
        guard depth < 512, index < end else { return nil }
        let tag = bytes[index]
        index += 1
        switch tag {
        case 0xA0: return .null
        case 0xA1: return .bool(false)
        case 0xA2: return .bool(true)
        case 0xA3:
            guard let zigzag = varint(end: end) else { return nil }
            return .signed(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case 0xA4:
            guard let value = varint(end: end) else { return nil }
            return value <= UInt64(Int64.max) ? .signed(Int64(value)) : .unsigned(value)
        case 0xA5:
            guard let bits = littleEndian(4, end: end) else { return nil }
            return .double(Double(Float(bitPattern: UInt32(bits))))
        case 0xA6:
            guard let bits = littleEndian(8, end: end) else { return nil }
            return .double(Double(bitPattern: bits))
        case 0xA7:
            return text(end: end).map(PayloadValue.string)
        case 0xA8:
            guard let contentEnd = containerEnd(end: end) else { return nil }
            var entries: [PayloadValue.Entry] = []
            while index < contentEnd {
                guard let key = text(end: contentEnd), let value = value(end: contentEnd, depth: depth + 1) else { return nil }
                entries.append(PayloadValue.Entry(key: key, value: value))
            }
            return .keyed(entries)
        case 0xA9:
            guard let contentEnd = containerEnd(end: end), let count = littleEndian(4, end: contentEnd) else { return nil }
            var elements: [PayloadValue] = []
            for _ in 0..<count {
                guard let element = value(end: contentEnd, depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return index == contentEnd ? .unkeyed(elements) : nil
        default:
            return nil
        }
    }

    /// LEB128: seven bits a byte, low bits first; more than 64 bits is refused.
    private mutating func varint(end: Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 70, by: 7) {
            guard index < end else { return nil }
            let byte = UInt64(bytes[index])
            index += 1
            guard shift < 63 || byte <= 1 else { return nil }
            value |= (byte & 0x7F) << shift
            if byte < 0x80 { return value }
        }
        return nil
    }

    private mutating func littleEndian(_ count: Int, end: Int) -> UInt64? {
        guard end - index >= count else { return nil }
        var value: UInt64 = 0
        for offset in (0..<count).reversed() { value = value << 8 | UInt64(bytes[index + offset]) }
        index += count
        return value
    }

    /// A length, then that many bytes of UTF-8.
    private mutating func text(end: Int) -> String? {
        guard let count = varint(end: end), count <= UInt64(end - index) else { return nil }
        let utf8 = bytes[index..<index + Int(count)]
        index += Int(count)
        return String(validating: utf8, as: UTF8.self)
    }

    /// Where the container whose byte count is at the cursor ends, when it fits before `end`.
    private mutating func containerEnd(end: Int) -> Int? {
        guard let length = littleEndian(4, end: end), length <= UInt64(end - index) else { return nil }
        return index + Int(length)
    }
}
