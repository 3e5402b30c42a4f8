/// Names a cached value. Keys made from a type and an id never collide with another type's,
/// nor with a raw key.
///
/// A key carries a stable 64-bit fingerprint of its text (identical across runs and machines), so
/// hashing and comparing keys costs little and caches can name files after it. A raw key's is
/// FNV-1a of its full text, as it has always been; a typed key's is `KeyHash` of the id's text
/// seeded by the type name's hash, eight bytes at a time.
///
/// A typed key keeps its type's name by reference (made once per type) and its id apart: an `Int`
/// id as the number, any other as its text. So building one allocates nothing when the id's text
/// is short (up to 15 UTF-8 bytes), and the full text is put together only when `value` is asked for.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// A stable hash of the key's text: FNV-1a of `value` for a raw key; for a typed key, `KeyHash`
    /// of the id's decimal or description text seeded by `KeyHash` of the type's name.
    public let fingerprint: UInt64
    /// The type's name for a typed key; nil for a raw key.
    private let type: Unmanaged<TypeName>?
    /// The id of a typed key; the text of a raw key.
    private let id: Identifier

    /// An id as it was given: an `Int` is kept as the number, and stands for its decimal text.
    private enum Identifier: Sendable {
        case number(Int)
        case text(String)

        var text: String {
            switch self {
            case .number(let number): String(number)
            case .text(let text): text
            }
        }

        /// Whether the two ids have the same text.
        static func == (lhs: Identifier, rhs: Identifier) -> Bool {
            switch (lhs, rhs) {
            case (.number(let left), .number(let right)): left == right
            case (.text(let left), .text(let right)): left == right
            case (.number(let number), .text(let text)), (.text(let text), .number(let number)): String(number) == text
            }
        }
    }

    /// A key from a raw string, such as a query or a URL.
    public init(_ raw: String) {
        type = nil
        id = .text(raw)
        fingerprint = FNV1a.hash(raw, seed: Self.rawPrefixHash)
    }

    /// FNV-1a of `raw:`, where a raw key's hash continues.
    private static let rawPrefixHash = FNV1a.hash("raw:")

    /// The key of the value of type `type` with identifier `id`.
    @inlinable
    public init<T, ID: CustomStringConvertible>(_ type: T.Type, id: ID) {
        if ID.self == Int.self {
            self.init(type, number: unsafeBitCast(id, to: Int.self))
        } else if ID.self == String.self {
            self.init(type, text: unsafeBitCast(id, to: String.self))
        } else {
            self.init(type, text: id.description)
        }
    }

    /// The key of the value of type `type` with an `Int` identifier; not generic, so the generic
    /// initializer, inlined and specialized where it is called, costs nothing more.
    @usableFromInline
    init(_ type: Any.Type, number: Int) {
        let name = TypeNames.shared.name(of: type)
        self.type = name
        id = .number(number)
        fingerprint = Self.decimalHash(of: number, seed: name._withUnsafeGuaranteedRef { $0.hash })
    }

    /// The key of the value of type `type` with an identifier whose text is `text`.
    @usableFromInline
    init(_ type: Any.Type, text: String) {
        let name = TypeNames.shared.name(of: type)
        self.type = name
        id = .text(text)
        fingerprint = KeyHash.hash(text, seed: name._withUnsafeGuaranteedRef { $0.hash })
    }

    /// The fully qualified name of `type`: the text `String(reflecting: type)` gives, made once
    /// per type from the runtime's type-name function (about 100 times faster than the generic
    /// printing path `String(reflecting:)` takes) and kept.
    public static func typeName<T>(of type: T.Type) -> String {
        TypeNames.shared.name(of: type)._withUnsafeGuaranteedRef { $0.name }
    }

    /// The key's full text: `raw:<text>` or `<module.Type>#<id>`.
    public var value: String {
        guard let type else { return "raw:" + id.text }
        return type._withUnsafeGuaranteedRef { $0.name } + "#" + id.text
    }

    /// The key's full text.
    public var description: String { value }

    /// Whether two keys have the same text (fingerprints are compared first, so this is cheap).
    public static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.type?.toOpaque() == rhs.type?.toOpaque() && lhs.id == rhs.id
    }

    /// Whether `value` may be served under this key: for a typed key and an `Identifiable` value,
    /// whether the value's id has the key's id text (a record of another id stored under this key,
    /// by a bug or by another program writing the same cache, is not this key's value); true for a
    /// raw key and for a value that is not `Identifiable`.
    @inlinable
    public func identifies<Value>(_ value: Value) -> Bool {
        guard isTyped, let identifiable = value as? any Identifiable else { return true }
        return hasID(of: identifiable)
    }

    /// Whether the key was made from a type and an id.
    @usableFromInline
    var isTyped: Bool { type != nil }

    /// Whether `value`'s id has this key's id text; an `Int` or `String` id is compared without
    /// making text.
    @inlinable
    func hasID<Value: Identifiable>(of value: Value) -> Bool {
        if Value.ID.self == Int.self { return hasID(number: unsafeBitCast(value.id, to: Int.self)) }
        if Value.ID.self == String.self { return hasID(text: unsafeBitCast(value.id, to: String.self)) }
        return hasID(text: String(describing: value.id))
    }

    /// Whether this key's id is `number` or its decimal text.
    @usableFromInline
    func hasID(number: Int) -> Bool {
        switch id {
        case .number(let own): own == number
        case .text(let text): text == String(number)
        }
    }

    /// Whether this key's id has the text `text`.
    @usableFromInline
    func hasID(text: String) -> Bool {
        switch id {
        case .number(let own): String(own) == text
        case .text(let own): own == text
        }
    }

    /// Hashes the fingerprint only, so hashing a long key costs no more than a short one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// `KeyHash` of the decimal text of `number`, written into a stack buffer (no string is made).
    private static func decimalHash(of number: Int, seed: UInt64) -> UInt64 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = number.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
                magnitude /= 10
            } while magnitude != 0
            if number < 0 {
                start -= 1
                buffer[start] = 45
            }
            return KeyHash.hash(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start...]), seed: seed)
        }
    }
}
