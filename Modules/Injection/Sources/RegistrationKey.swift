/// Identifies a registration: the exact type (never its name as text) plus an optional name.
public struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    /// The registered type's identity.
    public let type: ObjectIdentifier
    /// The qualifier that tells two registrations of one type apart, if any.
    public let name: String?
    /// The type itself, kept only to name it in messages: never hashed or compared.
    @usableFromInline let metatype: Any.Type
    /// 0 without a name, else an FNV-1a hash of the name's UTF-8 bytes with the low bit set:
    /// computed once per key, so a container's table neither hashes names again nor compares
    /// names whose hashes differ.
    @usableFromInline let nameBits: UInt

    /// Makes the key of `type`, optionally qualified by `name`.
    @inlinable
    public init<T>(_ type: T.Type, name: String? = nil) {
        self.type = ObjectIdentifier(type)
        self.name = name
        self.metatype = type
        self.nameBits = name.map(Self.bits) ?? 0
    }

    @usableFromInline
    static func bits(_ name: String) -> UInt {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt(byte)) &* 0x100_0000_01B3 }
            return hash | 1
        }
    }

    /// The type's name as people read it (`Caching`, not `any Caching`), qualified by the types
    /// it is nested in (`Net.Config`, not `Config`) but not by its module, for messages and graphs.
    public var typeName: String {
        var name = String(reflecting: metatype)
        if name.hasPrefix("any ") { name.removeFirst(4) }
        guard !name.contains("<"), !name.contains("("), let dot = name.firstIndex(of: ".") else {
            let described = String(describing: metatype)
            return described.hasPrefix("any ") ? String(described.dropFirst(4)) : described
        }
        return String(name[name.index(after: dot)...])
    }

    /// Whether the type is a protocol's existential (`any Caching`).
    var isExistential: Bool {
        String(describing: metatype).hasPrefix("any ")
    }

    /// `Caching` or `Caching(name: "disk")`.
    public var description: String {
        guard let name else { return typeName }
        return "\(typeName)(name: \"\(name)\")"
    }

    /// Whether both keys name the same type and the same name.
    @inlinable
    public static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name
    }

    /// Hashes the type and the name, the parts `==` compares.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        if let name { hasher.combine(name) }
    }
}
