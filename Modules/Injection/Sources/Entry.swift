/// What a container keeps of one registration, whatever it builds.
@usableFromInline
protocol AnyEntry: AnyObject, Sendable {
    var key: RegistrationKey { get }
    var lifetime: Lifetime { get }
    /// Builds (or fetches) the instance and discards it: what `verify()` needs.
    func touch(_ resolver: Resolver) throws
}

/// A container's live record of one registration of `T`: its builder and, for a single,
/// the slot that keeps the one instance.
@usableFromInline
final class Entry<T>: AnyEntry {
    @usableFromInline let key: RegistrationKey
    @usableFromInline let build: @Sendable (Resolver) throws -> T
    /// Where a single keeps its instance; nil for a factory.
    @usableFromInline let slot: SingleSlot<T>?

    @inlinable
    init(key: RegistrationKey, slot: SingleSlot<T>?, build: @escaping @Sendable (Resolver) throws -> T) {
        self.key = key
        self.slot = slot
        self.build = build
    }

    @usableFromInline
    var lifetime: Lifetime {
        slot == nil ? .factory : .single
    }

    /// The instance: the single's stored one, or a fresh one from a factory.
    @inlinable
    func instance(_ resolver: Resolver) throws -> T {
        guard let slot else { return try resolver.building(key, with: build) }
        if let built = slot.built { return built }
        return try slot.firstInstance(resolver, key: key, build: build)
    }

    @usableFromInline
    func touch(_ resolver: Resolver) throws {
        _ = try instance(resolver)
    }
}
