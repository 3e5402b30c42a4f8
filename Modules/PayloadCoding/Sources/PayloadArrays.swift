/// Arrays, which `PayloadDecoder` reads with their storage reserved from the element count,
/// instead of growing it element by element as `Array.init(from:)` does; the same elements in the
/// same order, so the result is the one `init(from:)` gives.
protocol PayloadDecodableArray {
    /// The array in `decoder`'s value, as `type`, which must be `Self`.
    static func decode<Result>(payload decoder: PayloadValueDecoder, as type: Result.Type) throws -> Result

    /// What the elements are, when they are primitives.
    static var elementPrimitive: PayloadPrimitive? { get }

    /// The array at `position`, as `type`, which must be `Self`, whose elements are `primitive`:
    /// read in one loop, without a decoder.
    static func decode<Result>(
        _ primitive: PayloadPrimitive, reader: PayloadReader, at position: Int, end: Int, parent: (any PayloadPathNode)?,
        key: (any CodingKey)?, as type: Result.Type
    ) throws -> Result
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

    static var elementPrimitive: PayloadPrimitive? { PayloadPrimitive(Element.self) }

    static func decode<Result>(
        _ primitive: PayloadPrimitive, reader: PayloadReader, at position: Int, end: Int, parent: (any PayloadPathNode)?,
        key: (any CodingKey)?, as type: Result.Type
    ) throws -> Result {
        precondition(Result.self == Self.self, "decoding \(Self.self) as \(Result.self)")
        var index = -1
        do throws(PayloadFault) {
            let (start, end, count) = try reader.container(.unkeyed, at: position, end: end)
            var next = start
            let array: Self
            switch primitive {
            case .string:
                array = unsafeBitCast(
                    try reader.elements(count, at: &next, end: end, index: &index) { reader, next, end throws(PayloadFault) in
                        try reader.string(at: &next, end: end)
                    }, to: Self.self)
            case .int:
                array = unsafeBitCast(
                    try reader.elements(count, at: &next, end: end, index: &index) { reader, next, end throws(PayloadFault) in
                        try reader.integer(Int.self, at: &next, end: end)
                    }, to: Self.self)
            default:
                array = try reader.elements(count, at: &next, end: end, index: &index) { reader, next, end throws(PayloadFault) in
                    try reader.read(primitive, as: Element.self, at: &next, end: end)
                }
            }
            return unsafeBitCast(array, to: Result.self)
        } catch {
            let path = (parent?.path ?? []) + (key.map { [$0] } ?? [])
            guard index >= 0 else { throw error.error([Int].self, at: path) }
            throw error.error(Element.self, at: path + [PayloadKey.index(index)])
        }
    }
}

extension PayloadReader {
    /// `count` elements from `position` that end the container at `end`, each read by `element`;
    /// `index` is the one being read, -1 for the container itself.
    func elements<Element>(
        _ count: Int, at position: inout Int, end: Int, index: inout Int,
        _ element: (PayloadReader, inout Int, Int) throws(PayloadFault) -> Element
    ) throws(PayloadFault) -> [Element] {
        var array: [Element] = []
        array.reserveCapacity(count)
        for current in 0..<count {
            index = current
            array.append(try element(self, &position, end))
        }
        index = -1
        guard position == end else { throw .corrupted("bytes after the last element at byte \(position)") }
        return array
    }
}
