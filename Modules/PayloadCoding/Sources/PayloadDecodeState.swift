/// What one decode keeps while it runs: which of the types met are arrays, so that each is looked
/// up once, and the first damage met where it could not be thrown (`allKeys` and `contains`
/// cannot throw), which `PayloadDecoder.decode` throws when the value is done.
///
/// Unchecked exclusivity: the state lives within one `decode` call on one thread, and no access
/// to it is held across a call that could reach it again.
final class PayloadDecodeState {
    /// An array type, and what its elements are when they are primitives.
    struct ArrayType {
        let type: any PayloadDecodableArray.Type
        let elements: PayloadPrimitive?
    }

    @exclusivity(unchecked) private var known: [(type: ObjectIdentifier, array: ArrayType?)] = []
    /// The first damage a call that cannot throw met.
    @exclusivity(unchecked) private(set) var unthrownDamage: DecodingError?

    /// `type` as an array type, or nil when it is not an array.
    func array(_ type: Any.Type) -> ArrayType? {
        let identifier = ObjectIdentifier(type)
        for entry in known where entry.type == identifier { return entry.array }
        let array = (type as? any PayloadDecodableArray.Type).map { ArrayType(type: $0, elements: $0.elementPrimitive) }
        if known.count < 8 { known.append((identifier, array)) }
        return array
    }

    /// Keeps `damage` for the decode to throw, unless damage was met before.
    func recordUnthrown(_ damage: DecodingError) {
        if unthrownDamage == nil { unthrownDamage = damage }
    }
}
