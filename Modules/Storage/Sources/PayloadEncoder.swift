import Foundation

/// Encodes any `Encodable` value as a compact, self-describing binary payload (`PayloadFormat`)
/// that `PayloadDecoder` reads back; the format of cache entries' values.
public struct PayloadEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The payload of `value`; throws `EncodingError` when the value cannot be encoded (a
    /// container used against the rules, nesting deeper than 512, a container over 4 GiB).
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        Data(try encodeBytes(value))
    }

    /// The payload of `value` as bytes (see `encode(_:)`).
    public func encodeBytes<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let sink = PayloadSink(capacity: 256)
        try PayloadValueEncoder.encode(value, into: sink, parent: nil, key: nil, depth: 0)
        return sink.bytes
    }
}

/// The encoder of one value: what its container writes goes to the end of `sink`, except for
/// nested containers and super encoders, which write to their own sinks and are spliced in when
/// this value is finished.
final class PayloadValueEncoder: Encoder, PayloadPathNode {
    enum Kind {
        case none, keyed, unkeyed, single, singleWritten
    }

    let sink: PayloadSink
    let parentNode: (any PayloadPathNode)?
    let key: (any CodingKey)?
    let depth: Int
    var kind = Kind.none
    var start = 0
    var count = 0
    var detached: [(position: Int, encoder: PayloadValueEncoder)] = []
    var failure: EncodingError?

    init(sink: PayloadSink, parent: (any PayloadPathNode)?, key: (any CodingKey)?, depth: Int) {
        self.sink = sink
        parentNode = parent
        self.key = key
        self.depth = depth
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Writes `value` at the end of `sink`: a primitive directly, anything else through its own `encode(to:)`.
    static func encode<Value: Encodable>(
        _ value: Value, into sink: PayloadSink, parent: (any PayloadPathNode)?, key: (any CodingKey)?, depth: Int
    ) throws {
        if sink.writePrimitive(value) { return }
        let encoder = PayloadValueEncoder(sink: sink, parent: parent, key: key, depth: depth + 1)
        guard encoder.depth <= PayloadFormat.maximumDepth else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: encoder.codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
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
        case (.keyed, .keyed), (.unkeyed, .unkeyed), (.single, .single): return
        default:
            fail("Asked for a \(requested) container after a \(kind) one.")
            return
        }
        kind = requested
    }

    func fail(_ message: String) {
        guard failure == nil else { return }
        failure = .invalidValue((), .init(codingPath: codingPath, debugDescription: message))
    }

    /// An encoder writing to a sink of its own, spliced in here when this value is finished.
    func detach(key: any CodingKey) -> PayloadValueEncoder {
        let child = PayloadValueEncoder(sink: PayloadSink(capacity: 64), parent: self, key: key, depth: depth + 1)
        detached.append((sink.bytes.count, child))
        return child
    }

    /// Completes the value: an empty keyed container if nothing was encoded, detached encoders
    /// spliced in, byte counts written.
    func finish() throws {
        if let failure { throw failure }
        guard depth <= PayloadFormat.maximumDepth else {
            throw EncodingError.invalidValue(
                (), .init(codingPath: codingPath, debugDescription: "Nested deeper than \(PayloadFormat.maximumDepth) levels."))
        }
        switch kind {
        case .none:
            start = sink.startContainer(.keyed)
        case .single:
            throw EncodingError.invalidValue((), .init(codingPath: codingPath, debugDescription: "A single-value container encoded nothing."))
        case .singleWritten:
            return
        case .keyed, .unkeyed:
            try spliceDetached()
        }
        guard sink.finishContainer(at: start, count: count) else {
            throw EncodingError.invalidValue((), .init(codingPath: codingPath, debugDescription: "A container of more than 4 GiB."))
        }
    }

    private func spliceDetached() throws {
        guard !detached.isEmpty else { return }
        var spliced: [UInt8] = []
        var from = start
        for (position, child) in detached {
            try child.finish()
            spliced += sink.bytes[from..<position]
            spliced += child.sink.bytes
            from = position
        }
        spliced += sink.bytes[from...]
        sink.bytes.replaceSubrange(start..., with: spliced)
        detached = []
    }
}

extension PayloadSink {
    /// Writes `value` if it is one of the format's primitive types; false if it is not.
    func writePrimitive<Value>(_ value: Value) -> Bool {
        if Value.self == String.self {
            write(unsafeBitCast(value, to: String.self))
        } else if Value.self == Int.self {
            write(signed: Int64(unsafeBitCast(value, to: Int.self)))
        } else if Value.self == Double.self {
            write(unsafeBitCast(value, to: Double.self))
        } else if Value.self == Bool.self {
            write(unsafeBitCast(value, to: Bool.self))
        } else if Value.self == Int64.self {
            write(signed: unsafeBitCast(value, to: Int64.self))
        } else if Value.self == Int32.self {
            write(signed: Int64(unsafeBitCast(value, to: Int32.self)))
        } else if Value.self == Int16.self {
            write(signed: Int64(unsafeBitCast(value, to: Int16.self)))
        } else if Value.self == Int8.self {
            write(signed: Int64(unsafeBitCast(value, to: Int8.self)))
        } else if Value.self == UInt.self {
            write(unsigned: UInt64(unsafeBitCast(value, to: UInt.self)))
        } else if Value.self == UInt64.self {
            write(unsigned: unsafeBitCast(value, to: UInt64.self))
        } else if Value.self == UInt32.self {
            write(unsigned: UInt64(unsafeBitCast(value, to: UInt32.self)))
        } else if Value.self == UInt16.self {
            write(unsigned: UInt64(unsafeBitCast(value, to: UInt16.self)))
        } else if Value.self == UInt8.self {
            write(unsigned: UInt64(unsafeBitCast(value, to: UInt8.self)))
        } else if Value.self == Float.self {
            write(unsafeBitCast(value, to: Float.self))
        } else {
            return false
        }
        return true
    }
}
