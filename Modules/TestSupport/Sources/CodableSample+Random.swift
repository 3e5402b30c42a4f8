import Foundation

extension CodableSample {
    /// A random sample with up to `depth` levels of samples nested in it: integers often at their
    /// bounds, floating-point numbers of any bits (NaN and the infinities only if `nonFinite`,
    /// as JSON has none), text of any Unicode, collections of up to six elements.
    public static func random<Generator: RandomNumberGenerator>(
        depth: Int, nonFinite: Bool, using random: inout Generator
    ) -> CodableSample {
        CodableSample(
            int: integer(using: &random), int8: integer(using: &random), int16: integer(using: &random),
            int32: integer(using: &random), int64: integer(using: &random), uint: integer(using: &random),
            uint8: integer(using: &random), uint16: integer(using: &random), uint32: integer(using: &random),
            uint64: integer(using: &random), bool: Bool.random(using: &random), text: String.random(maxLength: 40, using: &random),
            date: Date(timeIntervalSinceReferenceDate: number(nonFinite: false, using: &random)),
            floats: Floats(
                float: number(nonFinite: nonFinite, using: &random), double: number(nonFinite: nonFinite, using: &random),
                floats: array(using: &random) { number(nonFinite: nonFinite, using: &$0) },
                doubles: array(using: &random) { number(nonFinite: nonFinite, using: &$0) }),
            optionalText: Bool.random(using: &random) ? String.random(maxLength: 8, using: &random) : nil,
            optionalNumber: Bool.random(using: &random) ? integer(using: &random) : nil,
            numbers: array(using: &random) { integer(using: &$0) },
            texts: array(using: &random) { String.random(maxLength: 20, using: &$0) },
            bytes: array(using: &random) { integer(using: &$0) },
            optionals: array(using: &random) { Bool.random(using: &$0) ? integer(using: &$0) : nil },
            matrix: array(using: &random) { row in array(using: &row) { Bool.random(using: &$0) } },
            byName: Dictionary(array(using: &random) { (String.random(maxLength: 10, using: &$0), integer(using: &$0)) }) { $1 },
            byNumber: Dictionary(array(using: &random) { (integer(using: &$0), String.random(maxLength: 10, using: &$0)) }) { $1 },
            tags: Set(array(using: &random) { String.random(maxLength: 6, using: &$0) }),
            choice: choice(depth: 2, using: &random),
            children: depth == 0 ? [] : array(upTo: 3, using: &random) { Self.random(depth: depth - 1, nonFinite: nonFinite, using: &$0) })
    }

    /// Up to `count` elements, each from `element`.
    private static func array<Element, Generator: RandomNumberGenerator>(
        upTo count: Int = 6, using random: inout Generator, _ element: (inout Generator) -> Element
    ) -> [Element] {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in element(&random) }
    }

    /// An integer of any size, one time in two at or next to a bound, or 0 or 1.
    private static func integer<Integer: FixedWidthInteger>(using random: inout some RandomNumberGenerator) -> Integer {
        guard Bool.random(using: &random) else { return Integer.random(in: .min ... .max, using: &random) }
        return [.min, .max, 0, .min + 1, .max - 1, 1].randomElement(using: &random)!
    }

    /// A number of any finite value, one time in two an edge: zeros of both signs, the least
    /// magnitudes, the greatest, a fraction binary cannot hold, and (if `nonFinite`) NaNs and the
    /// infinities.
    private static func number<Number: BinaryFloatingPoint>(nonFinite: Bool, using random: inout some RandomNumberGenerator) -> Number
    where Number.RawSignificand: FixedWidthInteger, Number.RawExponent: FixedWidthInteger {
        var edges: [Number] = [0, -0.0, .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude, 0.1]
        if nonFinite { edges += [.nan, -.nan, .signalingNaN, .infinity, -.infinity] }
        guard Bool.random(using: &random) else { return edges.randomElement(using: &random)! }
        // Any exponent but the one of infinities and NaNs (all ones), so subnormals too.
        let exponent = Number.RawExponent.random(in: 0..<(1 << Number.exponentBitCount) - 1, using: &random)
        let significand = Number.RawSignificand.random(in: 0...(1 << Number.significandBitCount) - 1, using: &random)
        return Number(sign: Bool.random(using: &random) ? .plus : .minus, exponentBitPattern: exponent, significandBitPattern: significand)
    }

    private static func choice(depth: Int, using random: inout some RandomNumberGenerator) -> Choice {
        switch Int.random(in: 0..<(depth == 0 ? 3 : 4), using: &random) {
        case 0: .nothing
        case 1: .number(integer(using: &random))
        case 2: .labelled(text: String.random(maxLength: 12, using: &random), flag: [true, false, nil].randomElement(using: &random)!)
        default: .nested(array(upTo: 3, using: &random) { choice(depth: depth - 1, using: &$0) })
        }
    }
}
