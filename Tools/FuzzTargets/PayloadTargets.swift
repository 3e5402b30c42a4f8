import DataProviders
import Foundation
import PayloadCoding

extension FuzzTarget {
    /// Bytes as a cache entry's payload: decoded as any value and as the cached models.
    static let payload = FuzzTarget(
        name: "payload",
        checks: """
            PayloadDecoder reads any bytes as a value exactly when a plain reference reader of the format does, \
            and the same value; re-encoding what it read and decoding again gives it back; a CharacterPage or \
            Character it reads re-encodes to the same bytes twice over.
            """
    ) { bytes throws(FuzzFailure) in
        let reference = PayloadReference.value(in: bytes)
        let decoded = try? PayloadDecoder().decode(PayloadValue.self, from: bytes)
        try require(decoded == reference, "the decoder read \(describe(decoded)), the reference reader \(describe(reference))")
        if let decoded { try requireRoundTrip(decoded) }
        try requireStableReencoding(CharacterPage.self, from: bytes)
        try requireStableReencoding(Character.self, from: bytes)
    }

    /// Values built from the bytes, encoded and decoded.
    static let payloadValues = FuzzTarget(
        name: "payload-values",
        checks: """
            Values built from the input (any tree of the format's values; a CharacterPage; arrays of primitives; \
            a struct whose keys are read in another order than written) decode to themselves once encoded, and \
            the reference reader reads the tree's encoding as the tree.
            """
    ) { bytes throws(FuzzFailure) in
        var input = FuzzInput(bytes)
        try requireRoundTrip(input.payloadValue(depth: 0))
        try requireIdentity(input.characterPage())
        try requireIdentity(input.primitiveArrays())
        let forward = Forward(input: &input)
        let backward = try decodeOrFail(Backward.self, from: try encodeOrFail(forward))
        try require(backward.matches(forward), "\(forward) decoded in reverse key order as \(backward)")
    }
}

/// Encoding `value`, decoding it and reading the encoding with the reference reader all give `value`.
private func requireRoundTrip(_ value: PayloadValue) throws(FuzzFailure) {
    let encoded = try encodeOrFail(value)
    let decoded = try decodeOrFail(PayloadValue.self, from: encoded)
    try require(decoded == value, "\(describe(value)) decoded as \(describe(decoded)) after encoding")
    let reference = encoded.withUnsafeBytes { PayloadReference.value(in: $0) }
    try require(reference == value, "the reference reader read the encoding of \(describe(value)) as \(describe(reference))")
}

/// Encoding `value` and decoding it gives `value`.
private func requireIdentity<Value: Codable & Equatable>(_ value: Value) throws(FuzzFailure) {
    let decoded = try decodeOrFail(Value.self, from: try encodeOrFail(value))
    try require(decoded == value, "\(value) decoded as \(decoded) after encoding")
}

/// When `bytes` decode as `type`, its encoding decodes and encodes again to the same bytes (bytes,
/// not values: a NaN date is not equal to itself).
private func requireStableReencoding<Value: Codable>(_ type: Value.Type, from bytes: UnsafeRawBufferPointer) throws(FuzzFailure) {
    guard let value = try? PayloadDecoder().decode(type, from: bytes) else { return }
    let encoded = try encodeOrFail(value)
    let again = try encodeOrFail(try decodeOrFail(type, from: encoded))
    try require(encoded == again, "a \(type) read from the input encodes as \(encoded.count) bytes, then as \(again.count) other bytes")
}

private func encodeOrFail(_ value: some Encodable) throws(FuzzFailure) -> Data {
    do {
        return try PayloadEncoder().encode(value)
    } catch {
        throw FuzzFailure(description: "encoding \(value) failed: \(error)")
    }
}

private func decodeOrFail<Value: Decodable>(_ type: Value.Type, from data: Data) throws(FuzzFailure) -> Value {
    do {
        return try PayloadDecoder().decode(type, from: data)
    } catch {
        throw FuzzFailure(description: "the encoding of a \(type) did not decode: \(error)")
    }
}

/// A value as a message shows it: at most 300 characters.
private func describe(_ value: PayloadValue?) -> String {
    value.map { String("\($0)".prefix(300)) } ?? "nothing"
}
