/// Arrays, which `PayloadDecoder` reads with their storage reserved from the element count,
/// instead of growing it element by element as `Array.init(from:)` does; the same elements in the
/// same order, so the result is the one `init(from:)` gives.
protocol PayloadDecodableArray {
    /// The array in `decoder`'s value, as `type`, which must be `Self`.
    static func decode<Result>(payload decoder: PayloadValueDecoder, as type: Result.Type) throws -> Result
}

extension Array: PayloadDecodableArray where Element: Decodable {
    static func decode<Result>(payload decoder: PayloadValueDecoder, as type: Result.Type) throws -> Result {
        precondition(Result.self == Self.self, "decoding \(Self.self) as \(Result.self)")
        var container = try decoder.elements()
        var array: Self = []
        array.reserveCapacity(decoder.count)
        while !container.isAtEnd {
            array.append(try container.decode(Element.self))
        }
        return unsafeBitCast(array, to: Result.self)
    }
}

/// Which of the types met during one decode are arrays, so that each is looked up once.
///
/// Unchecked exclusivity: the cache lives within one `decode` call on one thread, and no access to
/// `known` is held across a call that could reach it again.
final class PayloadArrayTypes {
    @exclusivity(unchecked) private var known: [(type: ObjectIdentifier, array: (any PayloadDecodableArray.Type)?)] = []

    /// `type` as an array type, or nil when it is not an array.
    func array(_ type: Any.Type) -> (any PayloadDecodableArray.Type)? {
        let identifier = ObjectIdentifier(type)
        for entry in known where entry.type == identifier { return entry.array }
        let array = type as? any PayloadDecodableArray.Type
        if known.count < 8 { known.append((identifier, array)) }
        return array
    }
}
