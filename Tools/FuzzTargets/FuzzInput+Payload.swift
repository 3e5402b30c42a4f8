import DataProviders
import Foundation

extension FuzzInput {
    /// A tree of the format's values, containers at most four deep, as `PayloadDecoder` reads
    /// them back (only numbers over `Int64.max` are `.unsigned`).
    mutating func payloadValue(depth: Int) -> PayloadValue {
        switch int(in: 0...(depth < 4 ? 9 : 7)) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .signed(Int64(bitPattern: uint64()))
        case 3: return .unsigned(uint64() | 1 << 63)
        case 4: return .double(Double(bitPattern: uint64()))
        case 5: return .signed(Int64(int(in: -300...300)))
        case 6, 7: return .string(string(maxCount: 40, alphabet: "ab\u{E9}e\u{301}\u{1F9B8}"))
        case 8:
            return .keyed(
                (0..<int(in: 0...4)).map { _ in
                    PayloadValue.Entry(key: string(maxCount: 8, alphabet: "ab"), value: payloadValue(depth: depth + 1))
                })
        default:
            return .unkeyed((0..<int(in: 0...4)).map { _ in payloadValue(depth: depth + 1) })
        }
    }

    /// A page of up to three characters with every field drawn from the input.
    mutating func characterPage() -> CharacterPage {
        let results = (0..<int(in: 0...3)).map { _ in character() }
        return CharacterPage(
            offset: Int(truncatingIfNeeded: uint64()), limit: int(in: 0...100), total: Int(truncatingIfNeeded: uint64()),
            count: results.count, results: results)
    }

    private mutating func character() -> Character {
        Character(
            id: Int(truncatingIfNeeded: uint64()),
            name: string(maxCount: 30, alphabet: "Spider-Man \u{C9}"),
            description: string(maxCount: 60),
            modified: bool() ? Date(timeIntervalSince1970: Double(int(in: -100_000...100_000)) * 86_400 / 7) : nil,
            thumbnail: bool() ? URL(string: string(maxCount: 30, alphabet: "http://a.b/c?d=e%20f#g")) : nil,
            appearances: Appearances(comics: resourceList(), series: resourceList(), stories: resourceList(), events: resourceList()),
            urls: (0..<int(in: 0...2)).map { _ in CharacterURL(type: string(maxCount: 9), url: string(maxCount: 30)) })
    }

    private mutating func resourceList() -> ResourceList {
        ResourceList(
            available: int(in: 0...5000),
            items: (0..<int(in: 0...2)).map { _ in ResourceSummary(name: string(maxCount: 20), resourceURI: string(maxCount: 30)) })
    }

    /// Arrays of each primitive kind, which the decoder reads without a decoder per element.
    mutating func primitiveArrays() -> PrimitiveArrays {
        PrimitiveArrays(
            ints: (0..<int(in: 0...6)).map { _ in Int(truncatingIfNeeded: uint64()) },
            strings: (0..<int(in: 0...4)).map { _ in string(maxCount: 12) },
            doubles: (0..<int(in: 0...4)).map { _ in Double(int(in: -1_000_000...1_000_000)) / 64 },
            bytes: bytes(maxCount: 16),
            smallInts: (0..<int(in: 0...4)).map { _ in Int8(truncatingIfNeeded: byte()) },
            unsigned: (0..<int(in: 0...4)).map { _ in uint64() },
            bools: (0..<int(in: 0...4)).map { _ in bool() },
            optionals: (0..<int(in: 0...4)).map { _ in bool() ? nil : Int32(truncatingIfNeeded: uint64()) },
            nested: (0..<int(in: 0...3)).map { _ in (0..<int(in: 0...3)).map { _ in string(maxCount: 6) } })
    }
}

/// Arrays of every primitive the format stores, for `payload-values`.
struct PrimitiveArrays: Codable, Equatable {
    let ints: [Int]
    let strings: [String]
    let doubles: [Double]
    let bytes: [UInt8]
    let smallInts: [Int8]
    let unsigned: [UInt64]
    let bools: [Bool]
    let optionals: [Int32?]
    let nested: [[String]]
}
