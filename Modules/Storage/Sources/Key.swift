/// Names a cached value. Keys made from a type and an id never collide with another type's,
/// nor with a raw key.
///
/// A key carries a stable 64-bit fingerprint of its text (identical across runs and machines), so
/// hashing and comparing keys costs little and caches can name files after it. A raw key's is
/// FNV-1a of its full text, as it has always been; a typed key's is `KeyHash` of the id's text
/// seeded by the type name's hash, eight bytes at a time.
/// A typed key keeps its type's name by reference (made once per type) and its id's text apart,
/// so building one allocates nothing when the id's text is short (up to 15 UTF-8 bytes); the
/// full text is put together only when `value` is asked for.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// A stable hash of the key's text: FNV-1a of `value` for a raw key; for a typed key, `KeyHash`
    /// of the id's text seeded by `KeyHash` of the type's name.
    public let fingerprint: UInt64
    /// The type's name for a typed key; nil for a raw key.
    private let type: Unmanaged<TypeName>?
    /// The id's text for a typed key; the raw text for a raw key.
    private let text: String

    /// A key from a raw string, such as a query or a URL.
    public init(_ raw: String) {
        type = nil
        text = raw
        fingerprint = FNV1a.hash(raw, seed: Self.rawPrefixHash)
    }

    /// FNV-1a of `raw:`, where a raw key's hash continues.
    private static let rawPrefixHash = FNV1a.hash("raw:")

    /// The key of the value of type `type` with identifier `id`.
    public init<T, ID: CustomStringConvertible>(_ type: T.Type, id: ID) {
        let name = TypeNames.shared.name(of: type)
        let seed = name._withUnsafeGuaranteedRef(\.hash)
        self.type = name
        if ID.self == Int.self {
            (text, fingerprint) = Self.decimal(unsafeBitCast(id, to: Int.self), seed: seed)
        } else {
            text = ID.self == String.self ? unsafeBitCast(id, to: String.self) : id.description
            fingerprint = KeyHash.hash(text, seed: seed)
        }
    }

    /// The fully qualified name of `type`: the text `String(reflecting: type)` gives, made once
    /// per type from the runtime's type-name function (about 100 times faster than the generic
    /// printing path `String(reflecting:)` takes) and kept.
    public static func typeName<T>(of type: T.Type) -> String {
        TypeNames.shared.name(of: type)._withUnsafeGuaranteedRef(\.name)
    }

    /// The key's full text: `raw:<text>` or `<module.Type>#<id>`.
    public var value: String {
        guard let type else { return "raw:" + text }
        return type._withUnsafeGuaranteedRef(\.name) + "#" + text
    }

    /// The key's full text.
    public var description: String { value }

    /// Whether two keys have the same text (fingerprints are compared first, so this is cheap).
    public static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.type?.toOpaque() == rhs.type?.toOpaque() && lhs.text == rhs.text
    }

    /// Hashes the fingerprint only, so hashing a long key costs no more than a short one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// The decimal text of `id` and its hash, written and hashed from one stack buffer.
    private static func decimal(_ id: Int, seed: UInt64) -> (String, UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = id.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
                magnitude /= 10
            } while magnitude != 0
            if id < 0 {
                start -= 1
                buffer[start] = 45
            }
            let digits = UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start...])
            return (String(decoding: digits, as: UTF8.self), KeyHash.hash(digits, seed: seed))
        }
    }
}
