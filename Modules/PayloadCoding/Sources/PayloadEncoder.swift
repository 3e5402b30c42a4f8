import Foundation

/// Encodes any `Encodable` value as a compact, self-describing binary payload (`PayloadFormat`)
/// that `PayloadDecoder` reads back; the format of cache entries' values.
public struct PayloadEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The payload of `value`; throws `EncodingError` when the value cannot be encoded (a
    /// container used against the rules, nesting deeper than 512, a container over 4 GiB).
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let sink = PayloadSink(capacity: 4096)
        if !sink.writePrimitive(value) {
            try PayloadValueEncoder.encode(value, into: sink, parent: nil, key: nil, depth: 0)
        }
        return Data(sink.bytes)
    }
}

/// The encoder of one value: what its container writes goes to the end of `sink`, except for
/// nested containers and super encoders, which write to their own sinks and are spliced in when
/// this value is finished. Unchecked exclusivity: an encoder lives within one `encode` call on one
/// thread, and no access to its state is held across a call that could reach it again.
final class PayloadValueEncoder: Encoder, PayloadPathNode {
    enum Kind {
        case none, keyed, unkeyed, single, singleWritten
    }

    let sink: PayloadSink
    let parentNode: (any PayloadPathNode)?
    let key: (any CodingKey)?
    let depth: Int
    @exclusivity(unchecked) var kind = Kind.none
    @exclusivity(unchecked) var start = 0
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var detached: [(position: Int, encoder: PayloadValueEncoder)] = []
    @exclusivity(unchecked) var failure: String?

    init(sink: PayloadSink, parent: (any PayloadPathNode)?, key: (any CodingKey)?, depth: Int) {
        self.sink = sink
        parentNode = parent
        self.key = key
        self.depth = depth
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Writes `value`, which is not a primitive, at the end of `sink` through its own `encode(to:)`.
    static func encode<Value: Encodable>(
        _ value: Value, into sink: PayloadSink, parent: (any PayloadPathNode)?, key: (any CodingKey)?, depth: Int
    ) throws {
        if Value.self == Date.self, depth < PayloadFormat.maximumDepth {
            // What `Date.encode(to:)` writes: `timeIntervalSinceReferenceDate` in a single-value container.
            sink.write(unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate)
            return
        }
        let encoder = PayloadValueEncoder(sink: sink, parent: parent, key: key, depth: depth + 1)
        guard encoder.depth <= PayloadFormat.maximumDepth else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: encoder.codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
        defer { encoder.discardDetached() }
        try value.encode(to: encoder)
        try encoder.finish()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        begin(.keyed)
        return KeyedEncodingContainer(PayloadKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        begin(.unkeyed)
        return PayloadUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        begin(.single)
        return PayloadSingleValueEncodingContainer(encoder: self)
    }

    /// Starts the container of `kind`, unless it is already started; asking for another kind is
    /// remembered as a failure and thrown when the value is finished.
    private func begin(_ requested: Kind) {
        switch (kind, requested) {
        case (.none, .keyed): start = sink.startContainer(.keyed)
        case (.none, .unkeyed): start = sink.startContainer(.unkeyed)
        case (.none, .single): break
        case (.keyed, .keyed), (.unkeyed, .unkeyed), (.single, .single), (.singleWritten, .single): return
        default:
            fail("Asked for a \(requested) container after a \(kind) one.")
            return
        }
        kind = requested
    }

    func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    /// An encoder writing to a sink of its own, spliced in here when this value is finished.
    func detach(key: any CodingKey) -> PayloadValueEncoder {
        let child = PayloadValueEncoder(sink: PayloadSink(capacity: 64), parent: self, key: key, depth: depth + 1)
        detached.append((sink.count, child))
        return child
    }

    /// Drops the detached encoders, and theirs. Each points back at its parent, so after a value
    /// failed half-way they would keep each other alive (found by LeakSanitizer in CI's ASan step).
    func discardDetached() {
        for (_, child) in detached { child.discardDetached() }
        detached = []
    }

    /// Completes the value: an empty keyed container if nothing was encoded, detached encoders
    /// spliced in, byte counts written.
    func finish() throws {
        if let failure { throw EncodingError.invalidValue((), .init(codingPath: codingPath, debugDescription: failure)) }
        guard depth <= PayloadFormat.maximumDepth else {
            throw EncodingError.invalidValue(
                (), .init(codingPath: codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
        switch kind {
        case .none:
            start = sink.startContainer(.keyed)
        case .single:
            throw EncodingError.invalidValue(
                (), .init(codingPath: codingPath, debugDescription: "A single-value container encoded nothing."))
        case .singleWritten:
            return
        case .keyed, .unkeyed:
            try spliceDetached()
        }
        guard sink.finishContainer(at: start, elements: count) else {
            throw EncodingError.invalidValue((), .init(codingPath: codingPath, debugDescription: "A container of more than 4 GiB."))
        }
    }

    private func spliceDetached() throws {
        guard !detached.isEmpty else { return }
        var pieces: [UnsafeRawBufferPointer] = []
        var from = start
        for (position, child) in detached {
            try child.finish()
            pieces.append(UnsafeRawBufferPointer(rebasing: sink.bytes[from..<position]))
            pieces.append(child.sink.bytes)
            from = position
        }
        pieces.append(UnsafeRawBufferPointer(rebasing: sink.bytes[from...]))
        sink.replaceTail(from: start, with: pieces)
        detached = []
    }
}

extension PayloadSink {
    /// Writes `value` if it is one of the format's primitive types; false if it is not.
    func writePrimitive<Value>(_ value: Value) -> Bool {
        guard let primitive = PayloadPrimitive(Value.self) else { return false }
        switch primitive {
        case .string: write(unsafeBitCast(value, to: String.self))
        case .int: write(signed: Int64(unsafeBitCast(value, to: Int.self)))
        case .double: write(unsafeBitCast(value, to: Double.self))
        case .bool: write(unsafeBitCast(value, to: Bool.self))
        case .int64: write(signed: unsafeBitCast(value, to: Int64.self))
        case .int32: write(signed: Int64(unsafeBitCast(value, to: Int32.self)))
        case .int16: write(signed: Int64(unsafeBitCast(value, to: Int16.self)))
        case .int8: write(signed: Int64(unsafeBitCast(value, to: Int8.self)))
        case .uint: write(unsigned: UInt64(unsafeBitCast(value, to: UInt.self)))
        case .uint64: write(unsigned: unsafeBitCast(value, to: UInt64.self))
        case .uint32: write(unsigned: UInt64(unsafeBitCast(value, to: UInt32.self)))
        case .uint16: write(unsigned: UInt64(unsafeBitCast(value, to: UInt16.self)))
        case .uint8: write(unsigned: UInt64(unsafeBitCast(value, to: UInt8.self)))
        case .float: write(unsafeBitCast(value, to: Float.self))
        }
        return true
    }
}
