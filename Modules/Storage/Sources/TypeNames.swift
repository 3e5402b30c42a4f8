import Synchronization

/// A type's fully qualified name and its hash, computed once per type and never freed, so keys
/// can point at it without reference counting.
final class TypeName: Sendable {
    /// The text `String(reflecting:)` gives for the type.
    let name: String
    /// `KeyHash` of the name: the seed of the fingerprints of the type's keys.
    let hash: UInt64

    init(_ name: String) {
        self.name = name
        self.hash = KeyHash.hash(name, seed: KeyHash.typeSeed)
    }
}

/// Every `TypeName` made so far, found from a type's identity without a lock.
///
/// The first 512 types sit in an open-addressing table of atomic words, written only under the
/// lock and read with one acquiring load per probe: a slot's identity is published after its name,
/// so a reader that sees the identity sees the name. Types beyond those (no program has that many
/// cached types) are found under the lock. Two types of the same name share one `TypeName`.
// @unchecked Sendable: the table's words are atomics, allocated once and never freed, and the
// rest is behind a `Mutex`.
final class TypeNames: @unchecked Sendable {  // Safe: see above.
    static let shared = TypeNames()

    private static let capacity = 1_024
    private static let lockFreeLimit = capacity / 2

    private struct Registry {
        var byName: [String: TypeName] = [:]
        var overflow: [ObjectIdentifier: TypeName] = [:]
        var filled = 0
    }

    private let identities: UnsafeMutablePointer<Atomic<UInt>>
    private let names: UnsafeMutablePointer<Atomic<UInt>>
    private let registry = Mutex(Registry())

    private init() {
        identities = .allocate(capacity: Self.capacity)
        names = .allocate(capacity: Self.capacity)
        for index in 0..<Self.capacity {
            (identities + index).initialize(to: Atomic(0))
            (names + index).initialize(to: Atomic(0))
        }
    }

    /// The name of `type`, unretained: `TypeName`s live as long as the process.
    func name(of type: Any.Type) -> Unmanaged<TypeName> {
        let identity = UInt(bitPattern: ObjectIdentifier(type))
        var index = Self.home(of: identity)
        while true {
            let found = identities[index].load(ordering: .acquiring)
            if found == identity { return Self.unmanaged(names[index].load(ordering: .relaxed)) }
            if found == 0 { return slowName(of: type, identity: identity) }
            index = (index + 1) & (Self.capacity - 1)
        }
    }

    private func slowName(of type: Any.Type, identity: UInt) -> Unmanaged<TypeName> {
        registry.withLock { registry in
            var index = Self.home(of: identity)
            while case let found = identities[index].load(ordering: .relaxed), found != 0 {
                if found == identity { return Self.unmanaged(names[index].load(ordering: .relaxed)) }
                index = (index + 1) & (Self.capacity - 1)
            }
            if let name = registry.overflow[ObjectIdentifier(type)] { return Unmanaged.passUnretained(name) }
            let text = _typeName(type, qualified: true)
            let name = registry.byName[text] ?? TypeName(text)
            registry.byName[text] = name
            if registry.filled < Self.lockFreeLimit {
                registry.filled += 1
                names[index].store(UInt(bitPattern: Unmanaged.passUnretained(name).toOpaque()), ordering: .relaxed)
                identities[index].store(identity, ordering: .releasing)
            } else {
                registry.overflow[ObjectIdentifier(type)] = name
            }
            return Unmanaged.passUnretained(name)
        }
    }

    private static func home(of identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9e37_79b9_7f4a_7c15) >> UInt64(64 - capacity.trailingZeroBitCount))
    }

    private static func unmanaged(_ bits: UInt) -> Unmanaged<TypeName> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }
}
