/// A keyed container of `PayloadEncoder`: each entry is the key, then the value.
struct PayloadKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PayloadValueEncoder
    /// The encoder's sink, which the encoder keeps alive, reached without reference counting.
    private unowned(unsafe) let sink: PayloadSink

    init(encoder: PayloadValueEncoder) {
        self.encoder = encoder
        sink = encoder.sink
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(.null)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(signed: value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(unsigned: UInt64(value))
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(unsigned: UInt64(value))
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(unsigned: UInt64(value))
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(unsigned: UInt64(value))
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        sink.write(unsigned: value)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        sink.write(key: key.stringValue)
        if sink.writePrimitive(value) { return }
        try PayloadValueEncoder.encode(value, into: sink, parent: encoder, key: key, depth: encoder.depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        sink.write(key: key.stringValue)
        return encoder.detach(key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.write(key: key.stringValue)
        return encoder.detach(key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        sink.write(key: PayloadKey.super.stringValue)
        return encoder.detach(key: PayloadKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        sink.write(key: key.stringValue)
        return encoder.detach(key: key)
    }
}

/// An unkeyed container of `PayloadEncoder`: the elements one after another.
struct PayloadUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: PayloadValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.count }

    mutating func encodeNil() throws {
        encoder.count += 1
        encoder.sink.write(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.count += 1
        if encoder.sink.writePrimitive(value) { return }
        try PayloadValueEncoder.encode(
            value, into: encoder.sink, parent: encoder, key: PayloadKey(intValue: encoder.count - 1), depth: encoder.depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.count += 1
        return encoder.detach(key: PayloadKey(intValue: encoder.count - 1)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.count += 1
        return encoder.detach(key: PayloadKey(intValue: encoder.count - 1)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.count += 1
        return encoder.detach(key: PayloadKey(intValue: encoder.count - 1))
    }
}

/// The single-value container of `PayloadEncoder`: one value, written where the value goes.
struct PayloadSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: PayloadValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        guard claim() else { return }
        encoder.sink.write(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        guard claim(), !encoder.sink.writePrimitive(value) else { return }
        try PayloadValueEncoder.encode(value, into: encoder.sink, parent: encoder, key: nil, depth: encoder.depth)
    }

    /// Whether the value may be written now: only once, and only while no other container is in use.
    private func claim() -> Bool {
        guard encoder.kind == .single else {
            encoder.fail("A single-value container encoded a second value.")
            return false
        }
        encoder.kind = .singleWritten
        return true
    }
}
