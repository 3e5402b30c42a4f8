/// Any value of the payload format, read without the type that wrote it (the format is
/// self-describing): integers as `Int64` unless only `UInt64` holds them, floats as `Double`.
/// Equal when the trees are, strings compared by their UTF-8 and doubles by their bits (so a NaN
/// equals itself, and "é" written two ways does not).
indirect enum PayloadValue: Codable, Equatable {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case keyed([Entry])
    case unkeyed([PayloadValue])

    /// One entry of a keyed container; keys may repeat, as the format allows.
    struct Entry: Equatable {
        let key: String
        let value: PayloadValue

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key.utf8.elementsEqual(rhs.key.utf8) && lhs.value == rhs.value
        }
    }

    /// Any key at all.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            self = .keyed(try keyed.allKeys.map { Entry(key: $0.stringValue, value: try keyed.decode(PayloadValue.self, forKey: $0)) })
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [PayloadValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(PayloadValue.self)) }
            self = .unkeyed(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .signed(value)
            } else if let value = try? single.decode(UInt64.self) {
                self = .unsigned(value)
            } else if let value = try? single.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .keyed(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries { try container.encode(entry.value, forKey: Key(stringValue: entry.key)) }
        case .unkeyed(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .signed(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .unsigned(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    static func == (lhs: PayloadValue, rhs: PayloadValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.signed(let left), .signed(let right)): left == right
        case (.unsigned(let left), .unsigned(let right)): left == right
        case (.double(let left), .double(let right)): left.bitPattern == right.bitPattern
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        case (.keyed(let left), .keyed(let right)): left == right
        case (.unkeyed(let left), .unkeyed(let right)): left == right
        default: false
        }
    }
}
