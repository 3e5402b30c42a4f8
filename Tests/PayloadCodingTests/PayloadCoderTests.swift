import Foundation
import PayloadCoding
import Testing

/// `PayloadEncoder` and `PayloadDecoder`: round trips of many shapes, type and range checks, and
/// damaged bytes, which must throw (or decode to some value), never crash.
@Suite struct PayloadCoderTests {
    struct Comic: Codable, Equatable {
        var title: String
        var issue: Int?
    }

    struct Hero: Codable, Equatable {
        var id: Int
        var name: String
        var description: String
        var thumbnail: URL
        var comics: [Comic]
        var modified: Date
        var nickname: String?
        var rating: Double
        var tags: Set<String>
    }

    enum Power: Codable, Equatable {
        case flight
        case strength(Int)
        case blast(range: Double, colour: String?)
        indirect case combined(Power, Power)
    }

    struct Everything: Codable, Equatable {
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.min
        var int = Int.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max
        var uint = UInt.max
        var float: Float = -1.5
        var double = Double.greatestFiniteMagnitude
        var yes = true
        var no = false
        var empty = ""
        var unicode = "Zoë 🦸‍♀️ 東京 \u{0}"
        var data = Data([0, 1, 2, 255])
        var nested: [[Int?]?] = [[1, nil, 3], nil, []]
        var byName = ["a": 1, "": 2, "ü": 3]
        var byNumber = [1: "one", -2: "minus two"]
        var emptyArray: [String] = []
        var emptyDictionary: [String: Int] = [:]
        var doubleOptional: Int?? = .some(5)
        var powers: [Power] = [.flight, .strength(9), .blast(range: 2.5, colour: nil), .combined(.flight, .strength(1))]
    }

    /// A class hierarchy coded through `superEncoder()` and `superDecoder()`.
    class Base: Codable {
        var id: Int
        init(id: Int) { self.id = id }
    }

    final class Derived: Base {
        var name: String
        init(id: Int, name: String) {
            self.name = name
            super.init(id: id)
        }

        enum CodingKeys: String, CodingKey { case name }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Nested containers written out of order: both open at once, filled alternately.
    struct Interleaved: Codable, Equatable {
        var left: [Int]
        var right: [String: Int]

        enum CodingKeys: String, CodingKey { case left, right, after }
        enum Inner: String, CodingKey { case a, b }

        init(left: [Int], right: [String: Int]) {
            self.left = left
            self.right = right
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var left = container.nestedUnkeyedContainer(forKey: .left)
            var right = container.nestedContainer(keyedBy: Inner.self, forKey: .right)
            try container.encode(true, forKey: .after)
            try left.encode(self.left[0])
            try right.encode(self.right["a"], forKey: .a)
            try left.encode(self.left[1])
            try right.encode(self.right["b"], forKey: .b)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            #expect(try container.decode(Bool.self, forKey: .after))
            var left = try container.nestedUnkeyedContainer(forKey: .left)
            self.left = [try left.decode(Int.self), try left.decode(Int.self)]
            #expect(left.isAtEnd)
            let right = try container.nestedContainer(keyedBy: Inner.self, forKey: .right)
            self.right = ["b": try right.decode(Int.self, forKey: .b), "a": try right.decode(Int.self, forKey: .a)]
        }
    }

    /// A type that reads its keys in another order than it writes them, and asks for missing ones.
    struct Reordered: Codable, Equatable {
        var first: Int
        var second: String
        var third: Bool?

        enum CodingKeys: String, CodingKey { case first, second, third, missing }

        init(first: Int, second: String, third: Bool?) {
            self.first = first
            self.second = second
            self.third = third
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            third = try container.decodeIfPresent(Bool.self, forKey: .third)
            second = try container.decode(String.self, forKey: .second)
            first = try container.decode(Int.self, forKey: .first)
            #expect(!container.contains(.missing))
            #expect(try container.decodeIfPresent(Int.self, forKey: .missing) == nil)
            #expect(Set(container.allKeys.map(\.stringValue)) == ["first", "second", "third"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(first, forKey: .first)
            try container.encode(second, forKey: .second)
            try container.encode(third, forKey: .third)
        }
    }

    static let hero = Hero(
        id: 1_009_610, name: "Spider-Man", description: String(repeating: "Bitten by a radioactive spider. ", count: 4),
        thumbnail: URL(string: "https://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b.jpg")!,
        comics: [Comic(title: "Amazing Fantasy #15", issue: 15), Comic(title: "Annual", issue: nil)],
        modified: Date(timeIntervalSince1970: 1_700_000_000.25), nickname: nil, rating: 4.5, tags: ["wall-crawler", "Avenger"])

    func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try PayloadDecoder().decode(Value.self, from: PayloadEncoder().encode(value))
    }

    @Test func roundTripsModels() throws {
        #expect(try roundTrip(Self.hero) == Self.hero)
        #expect(try roundTrip([Self.hero, Self.hero]) == [Self.hero, Self.hero])
        #expect(try roundTrip(Everything()) == Everything())
        #expect(try roundTrip(Interleaved(left: [4, 5], right: ["a": 1, "b": 2])) == Interleaved(left: [4, 5], right: ["a": 1, "b": 2]))
        #expect(try roundTrip(Reordered(first: 1, second: "two", third: nil)) == Reordered(first: 1, second: "two", third: nil))
        #expect(try roundTrip(Reordered(first: 1, second: "two", third: true)) == Reordered(first: 1, second: "two", third: true))
    }

    @Test func roundTripsTopLevelValues() throws {
        #expect(try roundTrip(42) == 42)
        #expect(try roundTrip("text") == "text")
        #expect(try roundTrip(Optional<Int>.none) == nil)
        #expect(try roundTrip(Double.infinity) == .infinity)
        #expect(try roundTrip(Double.nan).isNaN)
        #expect(try roundTrip(Date.distantPast) == .distantPast)
        #expect(try roundTrip([String: [Int]]()) == [:])
        #expect(
            try roundTrip(Power.combined(.blast(range: 1, colour: "red"), .flight)) == .combined(.blast(range: 1, colour: "red"), .flight))
        #expect(try roundTrip(["x": ["y": ["z": nil as Int?]]]) == ["x": ["y": ["z": nil]]])
    }

    /// A wrapper that asks for its single-value container, then lets the wrapped value ask again.
    struct Forwarding: Codable, Equatable {
        var inner: Int

        init(inner: Int) { self.inner = inner }

        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer()
            inner = try Int(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            _ = encoder.singleValueContainer()
            try inner.encode(to: encoder)
        }
    }

    @Test func aSingleValueContainerMayBeAskedForTwice() throws {
        #expect(try roundTrip(Forwarding(inner: 7)) == Forwarding(inner: 7))
        #expect(try roundTrip([Forwarding(inner: -1)]) == [Forwarding(inner: -1)])
    }

    @Test func roundTripsSubclassesThroughSuperEncoder() throws {
        let decoded = try roundTrip(Derived(id: 7, name: "seven"))
        #expect(decoded.id == 7)
        #expect(decoded.name == "seven")
    }

    @Test func integersAreRangeChecked() throws {
        let big = try PayloadEncoder().encode(300)
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(UInt8.self, from: big) }
        #expect(try PayloadDecoder().decode(UInt16.self, from: big) == 300)
        let negative = try PayloadEncoder().encode(-1)
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(UInt.self, from: negative) }
        let huge = try PayloadEncoder().encode(UInt64.max)
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(Int64.self, from: huge) }
        #expect(try PayloadDecoder().decode(Int8.self, from: PayloadEncoder().encode(UInt64(127))) == 127)
        #expect(throws: DecodingError.self) {
            try PayloadDecoder().decode(Float.self, from: PayloadEncoder().encode(Double.greatestFiniteMagnitude))
        }
        #expect(try PayloadDecoder().decode(Double.self, from: PayloadEncoder().encode(Float(0.5))) == 0.5)
    }

    @Test func mismatchesNameTheTypeAndPath() throws {
        let data = try PayloadEncoder().encode(Self.hero)
        struct WrongComics: Decodable {
            var comics: [[String: Int]]
        }
        do {
            _ = try PayloadDecoder().decode(WrongComics.self, from: data)
            Issue.record("decoded comics of the wrong type")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["comics", "Index 0", "title"])
        }
        struct MissingKey: Decodable {
            var power: Int
        }
        #expect {
            try PayloadDecoder().decode(MissingKey.self, from: data)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "power"
        }
        #expect {
            try PayloadDecoder().decode([Int].self, from: PayloadEncoder().encode([1, nil]))
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["Index 1"]
        }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode([Int].self, from: data) }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(String.self, from: data) }
    }

    struct WellKnown: Codable, Equatable {
        var modified: Date
        var dates: [Date]
        var link: URL
        var tags: [String]
        var counts: [Int]
        var ratios: [Double]
        var bytes: [UInt8]
        var flags: [Bool]
        var matrix: [[String]]
    }

    @Test func roundTripsTheTypesDecodedWithoutADecoder() throws {
        let value = WellKnown(
            modified: Date(timeIntervalSince1970: 1_700_000_000.5), dates: [.distantPast, .distantFuture],
            link: URL(string: "https://example.com/a?b=c")!, tags: ["", "é", String(repeating: "long text ", count: 20)],
            counts: [0, -1, .max, .min], ratios: [0.25, -.infinity], bytes: [0, 255], flags: [true, false], matrix: [[], ["x"]])
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip([String]()) == [])
        // A Date is written as Date's own Codable writes it: its reference-date interval, a Double.
        #expect(try PayloadEncoder().encode(Date(timeIntervalSinceReferenceDate: 2.5)) == PayloadEncoder().encode(2.5))
    }

    struct Dated: Decodable {
        var modified: Date
        var tags: [String]
    }

    /// The kind of error decoding `value` as a `Dated` throws, and its coding path.
    func failure(_ value: some Encodable) throws -> String {
        let data = try PayloadEncoder().encode(value)
        do {
            _ = try PayloadDecoder().decode(Dated.self, from: data)
            return "none"
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context): return "typeMismatch " + context.codingPath.map(\.stringValue).joined(separator: "/")
            case .valueNotFound(_, let context): return "valueNotFound " + context.codingPath.map(\.stringValue).joined(separator: "/")
            default: return "\(error)"
            }
        }
    }

    @Test func mismatchesThroughTheFastPathsThrow() throws {
        struct Text: Encodable { var modified = "yesterday", tags = ["a", "b"] }
        struct Mixed: Encodable { var modified = 1.0, tags: [Int?] = [nil] }
        struct Numbers: Encodable { var modified = 1.0, tags = [1, 2] }
        #expect(try failure(Text()) == "typeMismatch modified")
        #expect(try failure(Mixed()) == "valueNotFound tags/Index 0")
        #expect(try failure(Numbers()) == "typeMismatch tags/Index 0")
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode([String].self, from: PayloadEncoder().encode("text")) }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(Date.self, from: PayloadEncoder().encode([1.0])) }
        for text in ["abcdefghijklmnop", "é"] {
            var damaged = try PayloadEncoder().encode([text])
            damaged[damaged.count - 1] = 0xFF
            #expect(throws: DecodingError.self, "\(text) made invalid UTF-8") { try PayloadDecoder().decode([String].self, from: damaged) }
        }
    }

    @Test func everyTruncationThrows() throws {
        let data = try PayloadEncoder().encode(Everything())
        for length in 0..<data.count {
            #expect(throws: DecodingError.self, "cut at \(length)") {
                try PayloadDecoder().decode(Everything.self, from: data.prefix(length))
            }
        }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(Everything.self, from: data + [0]) }
    }

    @Test func damagedBytesThrowOrDecodeWithoutCrashing() throws {
        let data = try PayloadEncoder().encode([Self.hero])
        var random = SystemRandomNumberGenerator()
        var thrown = 0
        for index in data.indices {
            for _ in 0..<4 {
                var damaged = data
                damaged[index] ^= UInt8.random(in: 1...255, using: &random)
                if (try? PayloadDecoder().decode([Hero].self, from: damaged)) == nil { thrown += 1 }
            }
        }
        #expect(thrown > data.count)
    }

    @Test func foreignBytesThrow() {
        for bytes in [
            Data(#"{"id":1}"#.utf8), Data(), Data([0xA8, 0xFF, 0xFF, 0xFF, 0xFF]), Data([0xA9, 4, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]),
        ] {
            #expect(throws: DecodingError.self) { try PayloadDecoder().decode([String: Int].self, from: bytes) }
            #expect(throws: DecodingError.self) { try PayloadDecoder().decode([Int].self, from: bytes) }
        }
        // A number of 11 bytes, and a string claiming more bytes than there are.
        #expect(throws: DecodingError.self) {
            try PayloadDecoder().decode(Int.self, from: Data([0xA3] + Array(repeating: 0xFF, count: 10) + [1]))
        }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(String.self, from: Data([0xA7, 0x80, 0x80, 0x04, 0x41])) }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(String.self, from: Data([0xA7, 2, 0xC3, 0x28])) }
    }

    /// Damage met only by a call that cannot throw (`allKeys`, which `Dictionary` decodes through)
    /// throws rather than decoding as an empty dictionary (a case the `payload` fuzz target found).
    @Test func damageMetByAllKeysThrows() {
        // ["a": 1, "b": a value with the unknown tag 0x06]
        let keyed = Data([0xA8, 7, 0, 0, 0, 1, 0x61, 0xA3, 2, 1, 0x62, 0x06])
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode([String: Int].self, from: keyed) }
    }

    /// Bytes inside an array's byte count after its last element are refused, not skipped (a case
    /// the `payload` fuzz target found).
    @Test func bytesAfterTheLastElementThrow() {
        // [1, 2], then two bytes more inside the array's byte count; and [] with one more
        let array = Data([0xA9, 10, 0, 0, 0, 2, 0, 0, 0, 0xA3, 2, 0xA3, 4, 0, 0])
        let empty = Data([0xA9, 5, 0, 0, 0, 0, 0, 0, 0, 0xA0])
        for bytes in [array, empty] {
            #expect(throws: DecodingError.self) { try PayloadDecoder().decode([Int].self, from: bytes) }
            #expect(throws: DecodingError.self) { try PayloadDecoder().decode([Int?].self, from: bytes) }
        }
    }

    @Test func nestingIsBoundedOnBothSides() throws {
        indirect enum Chain: Codable {
            case end
            case link(Chain)
        }
        var chain = Chain.end
        for _ in 0..<100 { chain = .link(chain) }
        _ = try roundTrip(chain)
        for _ in 0..<1000 { chain = .link(chain) }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(chain) }

        // 10 000 nested arrays, each claiming the rest of the bytes: refused, not recursed into.
        var deep: [UInt8] = []
        let levels = 10_000
        for level in 0..<levels {
            let length = UInt32((levels - level - 1) * 9 + 4)
            deep += [0xA9] + withUnsafeBytes(of: length.littleEndian, Array.init) + [1, 0, 0, 0]
        }
        deep[deep.count - 4] = 0
        struct Nest: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                if !container.isAtEnd { _ = try container.decode(Nest.self) }
            }
        }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(Nest.self, from: Data(deep)) }
    }

    @Test func misusedContainersThrowInsteadOfWritingNonsense() {
        struct TwoValues: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        struct MixedKinds: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: PayloadKeyForTests.self)
                try keyed.encode(1, forKey: PayloadKeyForTests(stringValue: "a"))
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(2)
            }
        }
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.singleValueContainer() }
        }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(TwoValues()) }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(MixedKinds()) }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(Nothing()) }
    }
}

/// A key of any name, for the tests' own containers.
struct PayloadKeyForTests: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
