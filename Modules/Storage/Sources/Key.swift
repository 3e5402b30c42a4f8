/// Names a cached value. Keys made from a type and an id never collide with another type's,
/// nor with a raw key.
///
/// A key carries a stable 64-bit fingerprint of its text (FNV-1a: identical across runs and
/// machines), so hashing and comparing keys costs little and caches can name files after it.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key's full text: `raw:<text>` or `<module.Type>#<id>`.
    public let value: String
    /// A stable FNV-1a hash of `value`.
    public let fingerprint: UInt64

    /// A key from a raw string, such as a query or a URL.
    public init(_ raw: String) {
        self.init(value: "raw:" + raw)
    }

    /// The key of the value of type `type` with identifier `id`.
    public init<T, ID: CustomStringConvertible>(_ type: T.Type, id: ID) {
        self.init(value: Self.typeName(of: type) + "#" + id.description)
    }

    /// The fully qualified name of `type`: the text `String(reflecting: type)` gives, from the
    /// runtime's type-name function directly (about 100 times faster than the generic printing
    /// path `String(reflecting:)` takes).
    public static func typeName<T>(of type: T.Type) -> String {
        _typeName(type, qualified: true)
    }

    private init(value: String) {
        self.value = value
        self.fingerprint = FNV1a.hash(value.utf8)
    }

    /// The key's full text.
    public var description: String { value }

    /// Whether two keys have the same text (fingerprints are compared first, so this is cheap).
    public static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.value == rhs.value
    }

    /// Hashes the fingerprint only, so hashing a long key costs no more than a short one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }
}
