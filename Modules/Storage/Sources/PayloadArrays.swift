/// Arrays, which `PayloadDecoder` reads with their storage reserved from the element count,
/// instead of growing it element by element as `Array.init(from:)` does; the same elements in the
/// same order, so the result is the one `init(from:)` gives.
protocol PayloadDecodableArray {
    init(payload decoder: PayloadValueDecoder) throws
}

extension Array: PayloadDecodableArray where Element: Decodable {
    init(payload decoder: PayloadValueDecoder) throws {
        var container = try decoder.elements()
        self.init()
        reserveCapacity(decoder.count)
        while !container.isAtEnd {
            append(try container.decode(Element.self))
        }
    }
}
