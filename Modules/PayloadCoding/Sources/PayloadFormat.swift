/// The binary format `PayloadEncoder` writes and `PayloadDecoder` reads: every value starts with
/// a one-byte tag saying what follows, so bytes decode without knowing the type that wrote them.
///
/// - nil, false, true: the tag alone;
/// - signed integers: zigzag LEB128; unsigned integers: LEB128;
/// - Float, Double: 4 or 8 bytes, little-endian IEEE 754;
/// - strings: the UTF-8 byte count (LEB128), then the bytes;
/// - keyed containers: the byte count of the entries (UInt32, little-endian), then each entry in
///   the order it was encoded: the key as a string without its tag, then the value;
/// - unkeyed containers: the byte count of what follows (UInt32), the element count (UInt32), then
///   the elements.
///
/// The fixed-width byte counts let a reader step over a container without reading it.
enum PayloadFormat {
    /// What a value is, its first byte.
    enum Tag: UInt8 {
        case null = 0xA0
        case `false`
        case `true`
        case signed
        case unsigned
        case float
        case double
        case string
        case keyed
        case unkeyed
    }

    /// The deepest nesting of containers and values either side accepts.
    static let maximumDepth = 512
    /// The bytes of a container's tag and byte count.
    static let containerHeaderSize = 5
    /// The bytes of an unkeyed container's element count.
    static let countSize = 4
}

/// The types the format stores directly, without a container.
enum PayloadPrimitive {
    case string, int, double, bool, int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8, float

    /// The primitive `type` is, or nil when it is none.
    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(Float.self): self = .float
        default: return nil
        }
    }
}

/// The coding key of an array element, or `super`; an element's text is made only when asked for.
enum PayloadKey: CodingKey {
    case index(Int)
    case named(String)

    init(stringValue: String) {
        self = .named(stringValue)
    }

    init(intValue: Int) {
        self = .index(intValue)
    }

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .named(let name): name
        }
    }

    var intValue: Int? {
        guard case .index(let index) = self else { return nil }
        return index
    }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = PayloadKey.named("super")
}

/// The coding path ending at a value: its parent's path and, unless the value is the same as its
/// parent's (a single-value container), its own key.
protocol PayloadPathNode: AnyObject {
    var parentNode: (any PayloadPathNode)? { get }
    var key: (any CodingKey)? { get }
}

extension PayloadPathNode {
    /// The keys from the root down to this value.
    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: (any PayloadPathNode)? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parentNode
        }
        return keys.reversed()
    }
}
