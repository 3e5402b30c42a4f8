/// A keyed container of `PayloadDecoder`.
struct PayloadKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: PayloadValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The keys, or none when the container is damaged; the damage is thrown when the decode ends.
    var allKeys: [Key] {
        do throws(PayloadFault) {
            return try decoder.keys().compactMap(Key.init(stringValue:))
        } catch {
            decoder.reader.state.recordUnthrown(error.error([String: Int].self, at: codingPath))
            return []
        }
    }

    /// Whether the container has `key`; false when it is damaged, and the damage is thrown when the decode ends.
    func contains(_ key: Key) -> Bool {
        do throws(PayloadFault) {
            return try decoder.find(key.stringValue) != nil
        } catch {
            decoder.reader.state.recordUnthrown(error.error(Any.self, at: codingPath + [key]))
            return false
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let position = try valuePosition(for: key, as: Any?.self)
        do throws(PayloadFault) {
            return try decoder.reader.tag(at: position, end: decoder.contentEnd) == .null
        } catch {
            throw error.error(Any?.self, at: codingPath + [key])
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try read(type, forKey: key) { reader, position, end throws(PayloadFault) in try reader.bool(at: &position, end: end) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try read(type, forKey: key) { reader, position, end throws(PayloadFault) in try reader.string(at: &position, end: end) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try read(type, forKey: key) { reader, position, end throws(PayloadFault) in try reader.double(at: &position, end: end) }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try read(type, forKey: key) { reader, position, end throws(PayloadFault) in try reader.float(at: &position, end: end) }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, forKey: key) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decoder.decode(type, at: valuePosition(for: key, as: type), key: key)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        let position: Int?
        do throws(PayloadFault) {
            position = try decoder.find(key.stringValue)
            if let position, try decoder.reader.tag(at: position, end: decoder.contentEnd) == .null { return nil }
        } catch {
            throw error.error(type, at: codingPath + [key])
        }
        guard let position else { return nil }
        return try decoder.decode(type, at: position, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try child(forKey: key, as: [String: Int].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(forKey: key, as: [Int].self).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try child(forKey: PayloadKey.super, as: Any.self)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try child(forKey: key, as: Any.self)
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, forKey key: Key) throws -> Integer {
        try read(type, forKey: key) { reader, position, end throws(PayloadFault) in try reader.integer(type, at: &position, end: end) }
    }

    private func read<Value>(
        _ type: Value.Type, forKey key: Key, _ body: (PayloadReader, inout Int, Int) throws(PayloadFault) -> Value
    ) throws -> Value {
        var position = try valuePosition(for: key, as: type)
        do throws(PayloadFault) {
            return try body(decoder.reader, &position, decoder.contentEnd)
        } catch {
            throw error.error(type, at: codingPath + [key])
        }
    }

    private func valuePosition(for key: some CodingKey, as type: Any.Type) throws -> Int {
        let position: Int?
        do throws(PayloadFault) {
            position = try decoder.find(key.stringValue)
        } catch {
            throw error.error(type, at: codingPath + [key])
        }
        guard let position else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return position
    }

    private func child(forKey key: some CodingKey, as type: Any.Type) throws -> PayloadValueDecoder {
        try decoder.child(at: valuePosition(for: key, as: type), key: key)
    }
}
