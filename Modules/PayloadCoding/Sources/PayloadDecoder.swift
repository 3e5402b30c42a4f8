import Foundation

/// Decodes values from the payloads `PayloadEncoder` writes. Malformed, truncated or foreign
/// bytes throw `DecodingError`; reading never leaves the bytes given, nor nests deeper than 512.
public struct PayloadDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The value of `type` in `data`, which must hold exactly one value.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try data.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// The value of `type` in `bytes`, which must hold exactly one value; nothing of `bytes` is kept.
    public func decode<Value: Decodable>(_ type: Value.Type, from bytes: UnsafeRawBufferPointer) throws -> Value {
        let reader = PayloadReader(bytes: bytes, state: PayloadDecodeState())
        do throws(PayloadFault) {
            guard try reader.end(ofValueAt: 0, end: bytes.count) == bytes.count else { throw .corrupted("bytes after the value") }
        } catch {
            throw error.error(type, at: [])
        }
        let value = try PayloadValueDecoder.decode(type, reader: reader, at: 0, end: bytes.count, parent: nil, key: nil, depth: 0)
        if let damage = reader.state.unthrownDamage { throw damage }
        return value
    }
}

/// The decoder of one value at `position`, which lies before `end`; once a container is asked
/// for, the container's extent and, for keyed lookups, a cursor at the entry expected next.
/// Unchecked exclusivity: a decoder lives within one `decode` call on one thread, and no access
/// to its state is held across a call that could reach it again.
final class PayloadValueDecoder: Decoder, PayloadPathNode {
    let reader: PayloadReader
    let position: Int
    let end: Int
    let parentNode: (any PayloadPathNode)?
    let key: (any CodingKey)?
    let depth: Int
    @exclusivity(unchecked) var contentStart = 0
    @exclusivity(unchecked) var contentEnd = 0
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var cursor = 0

    init(reader: PayloadReader, position: Int, end: Int, parent: (any PayloadPathNode)?, key: (any CodingKey)?, depth: Int) {
        self.reader = reader
        self.position = position
        self.end = end
        parentNode = parent
        self.key = key
        self.depth = depth
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The value of `type` at `position`: a primitive read directly, anything else through its own `init(from:)`.
    static func decode<Value: Decodable>(
        _ type: Value.Type, reader: PayloadReader, at position: Int, end: Int, parent: (any PayloadPathNode)?,
        key: (any CodingKey)?, depth: Int
    ) throws -> Value {
        if let primitive = PayloadPrimitive(type) {
            var next = position
            do throws(PayloadFault) {
                return try reader.read(primitive, as: type, at: &next, end: end)
            } catch {
                throw error.error(type, at: (parent?.path ?? []) + (key.map { [$0] } ?? []))
            }
        }
        if type == Date.self, depth < PayloadFormat.maximumDepth {
            // What `Date.init(from:)` reads: `timeIntervalSinceReferenceDate` in a single-value container.
            var next = position
            do throws(PayloadFault) {
                return unsafeBitCast(Date(timeIntervalSinceReferenceDate: try reader.double(at: &next, end: end)), to: Value.self)
            } catch {
                throw error.error(Double.self, at: (parent?.path ?? []) + (key.map { [$0] } ?? []))
            }
        }
        let array = reader.state.array(type)
        if let array, let elements = array.elements, depth < PayloadFormat.maximumDepth {
            return try array.type.decode(elements, reader: reader, at: position, end: end, parent: parent, key: key, as: type)
        }
        let decoder = PayloadValueDecoder(reader: reader, position: position, end: end, parent: parent, key: key, depth: depth + 1)
        guard decoder.depth <= PayloadFormat.maximumDepth else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
        if let array { return try array.type.decode(payload: decoder, as: type) }
        return try Value(from: decoder)
    }

    /// The value of `type` at `position` inside this value's container, under `key`.
    func decode<Value: Decodable>(_ type: Value.Type, at position: Int, key: any CodingKey) throws -> Value {
        try Self.decode(type, reader: reader, at: position, end: contentEnd, parent: self, key: key, depth: depth)
    }

    /// A decoder of the value at `position` inside this value's container, under `key`.
    func child(at position: Int, key: any CodingKey) throws -> PayloadValueDecoder {
        let child = PayloadValueDecoder(reader: reader, position: position, end: contentEnd, parent: self, key: key, depth: depth + 1)
        guard child.depth <= PayloadFormat.maximumDepth else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: child.codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
        return child
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try open(.keyed, as: [String: Int].self)
        return KeyedDecodingContainer(PayloadKeyedDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try elements()
    }

    /// The unkeyed container of this value, not boxed.
    func elements() throws -> PayloadUnkeyedDecodingContainer {
        try open(.unkeyed, as: [Int].self)
        return PayloadUnkeyedDecodingContainer(decoder: self, cursor: contentStart)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        PayloadSingleValueDecodingContainer(decoder: self)
    }

    /// Reads the header of the container at `position`, which must be a `tag` one.
    private func open(_ tag: PayloadFormat.Tag, as type: Any.Type) throws {
        do throws(PayloadFault) {
            (contentStart, contentEnd, count) = try reader.container(tag, at: position, end: end)
            cursor = contentStart
        } catch {
            throw error.error(type, at: codingPath)
        }
    }

    /// Where the value under `key` starts, or nil when there is none: first at the cursor (keys
    /// are usually asked for in the order they were written), then from the start.
    func find(_ key: String) throws(PayloadFault) -> Int? {
        if cursor < contentEnd, let found = try entry(at: cursor, named: key) { return found }
        var next = contentStart
        while next < contentEnd {
            if let found = try entry(at: next, named: key) { return found }
            next = cursor
        }
        return nil
    }

    /// The value of the entry at `position` if its key is `key`; the cursor moves past the entry.
    private func entry(at position: Int, named key: String) throws(PayloadFault) -> Int? {
        var next = position
        let matches = try reader.key(at: &next, end: contentEnd, equals: key)
        let value = next
        cursor = try reader.end(ofValueAt: value, end: contentEnd)
        return matches ? value : nil
    }

    /// The keys of the container, in the order they were written.
    func keys() throws(PayloadFault) -> [String] {
        var keys: [String] = []
        var next = contentStart
        while next < contentEnd {
            keys.append(try reader.text(at: &next, end: contentEnd))
            next = try reader.end(ofValueAt: next, end: contentEnd)
        }
        return keys
    }
}

extension PayloadReader {
    /// Where the contents of the `tag` container at `position` start and end, and for an unkeyed
    /// one its element count (0 for a keyed one).
    func container(_ tag: PayloadFormat.Tag, at position: Int, end: Int) throws(PayloadFault) -> (start: Int, end: Int, count: Int) {
        try expect(tag, at: position, end: end)
        let length = try uint32(at: position + 1, end: end)
        var start = position + PayloadFormat.containerHeaderSize
        guard length <= end - start else { throw .corrupted("a container runs past the end at byte \(position)") }
        let contentEnd = start + length
        guard tag == .unkeyed else { return (start, contentEnd, 0) }
        let count = try uint32(at: start, end: contentEnd)
        start += PayloadFormat.countSize
        guard count <= contentEnd - start else { throw .corrupted("too many elements at byte \(position)") }
        guard count > 0 || start == contentEnd else { throw .corrupted("bytes in an empty array at byte \(position)") }
        return (start, contentEnd, count)
    }

    /// The value at `position` as `primitive`, whose type `Value` is.
    func read<Value>(_ primitive: PayloadPrimitive, as type: Value.Type, at position: inout Int, end: Int) throws(PayloadFault) -> Value {
        switch primitive {
        case .string: unsafeBitCast(try string(at: &position, end: end), to: Value.self)
        case .int: unsafeBitCast(try integer(Int.self, at: &position, end: end), to: Value.self)
        case .double: unsafeBitCast(try double(at: &position, end: end), to: Value.self)
        case .bool: unsafeBitCast(try bool(at: &position, end: end), to: Value.self)
        case .int64: unsafeBitCast(try integer(Int64.self, at: &position, end: end), to: Value.self)
        case .int32: unsafeBitCast(try integer(Int32.self, at: &position, end: end), to: Value.self)
        case .int16: unsafeBitCast(try integer(Int16.self, at: &position, end: end), to: Value.self)
        case .int8: unsafeBitCast(try integer(Int8.self, at: &position, end: end), to: Value.self)
        case .uint: unsafeBitCast(try integer(UInt.self, at: &position, end: end), to: Value.self)
        case .uint64: unsafeBitCast(try integer(UInt64.self, at: &position, end: end), to: Value.self)
        case .uint32: unsafeBitCast(try integer(UInt32.self, at: &position, end: end), to: Value.self)
        case .uint16: unsafeBitCast(try integer(UInt16.self, at: &position, end: end), to: Value.self)
        case .uint8: unsafeBitCast(try integer(UInt8.self, at: &position, end: end), to: Value.self)
        case .float: unsafeBitCast(try float(at: &position, end: end), to: Value.self)
        }
    }
}
