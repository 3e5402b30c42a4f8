/// A struct written with its keys in one order, to be read by `Backward` in the other: the
/// decoder's look-up from the cursor misses every time and must search from the start.
struct Forward: Encodable {
    let first: Int
    let second: String
    let third: [Int]?
    let fourth: Bool

    init(input: inout FuzzInput) {
        first = Int(truncatingIfNeeded: input.uint64())
        second = input.string(maxCount: 10)
        third = input.bool() ? nil : (0..<input.int(in: 0...3)).map { _ in input.int(in: -9...9) }
        fourth = input.bool()
    }
}

/// `Forward`'s fields, decoded last key first.
struct Backward: Decodable {
    let first: Int
    let second: String
    let third: [Int]?
    let fourth: Bool

    private enum CodingKeys: String, CodingKey {
        case first, second, third, fourth
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fourth = try container.decode(Bool.self, forKey: .fourth)
        third = try container.decodeIfPresent([Int].self, forKey: .third)
        second = try container.decode(String.self, forKey: .second)
        first = try container.decode(Int.self, forKey: .first)
    }

    /// Whether every field is `forward`'s.
    func matches(_ forward: Forward) -> Bool {
        first == forward.first && second == forward.second && third == forward.third && fourth == forward.fourth
    }
}
