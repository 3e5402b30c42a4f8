/// An unkeyed container of `PayloadDecoder`: the elements in order, from a cursor.
struct PayloadUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: PayloadValueDecoder
    var cursor: Int
    var currentIndex = 0

    init(decoder: PayloadValueDecoder, cursor: Int) {
        self.decoder = decoder
        self.cursor = cursor
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { decoder.count }
    var isAtEnd: Bool { currentIndex >= decoder.count }

    private var indexKey: PayloadKey { PayloadKey(intValue: currentIndex) }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Any?.self)
        do throws(PayloadFault) {
            guard try decoder.reader.tag(at: cursor, end: decoder.contentEnd) == .null else { return false }
        } catch {
            throw error.error(Any?.self, at: codingPath + [indexKey])
        }
        try advance(to: cursor + 1, as: Any?.self)
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try checkNotAtEnd(type)
        var next = cursor
        if let primitive = PayloadPrimitive(type) {
            let value: Value
            do throws(PayloadFault) {
                value = try decoder.reader.read(primitive, as: type, at: &next, end: decoder.contentEnd)
            } catch {
                throw error.error(type, at: codingPath + [indexKey])
            }
            try advance(to: next, as: type)
            return value
        }
        do throws(PayloadFault) {
            next = try decoder.reader.end(ofValueAt: cursor, end: decoder.contentEnd)
        } catch {
            throw error.error(type, at: codingPath + [indexKey])
        }
        let value = try decoder.decode(type, at: cursor, key: indexKey)
        try advance(to: next, as: type)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextChild(as: [String: Int].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextChild(as: [Int].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try nextChild(as: Any.self)
    }

    private mutating func nextChild(as type: Any.Type) throws -> PayloadValueDecoder {
        try checkNotAtEnd(type)
        let next: Int
        do throws(PayloadFault) {
            next = try decoder.reader.end(ofValueAt: cursor, end: decoder.contentEnd)
        } catch {
            throw error.error(type, at: codingPath + [indexKey])
        }
        let child = try decoder.child(at: cursor, key: indexKey)
        try advance(to: next, as: type)
        return child
    }

    /// Moves past the element that ends at `next`; after the last, the container must end there
    /// too (bytes after the last element are damage, not something to skip).
    private mutating func advance(to next: Int, as type: Any.Type) throws {
        cursor = next
        currentIndex += 1
        guard isAtEnd, cursor != decoder.contentEnd else { return }
        throw PayloadFault.corrupted("bytes after the last element at byte \(cursor)").error(type, at: codingPath)
    }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(
            type, .init(codingPath: codingPath + [indexKey], debugDescription: "The unkeyed container is at its end."))
    }
}

/// The single-value container of `PayloadDecoder`: the decoder's own value.
struct PayloadSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: PayloadValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        (try? decoder.reader.tag(at: decoder.position, end: decoder.end)) == .null
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try PayloadValueDecoder.decode(
            type, reader: decoder.reader, at: decoder.position, end: decoder.end, parent: decoder, key: nil, depth: decoder.depth)
    }
}
