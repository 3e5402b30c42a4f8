/// What a container keeps of one registration, whatever it builds.
protocol AnyEntry: AnyObject, Sendable {
    var key: RegistrationKey { get }
    var lifetime: Lifetime { get }
    /// Builds (or fetches) the instance and discards it: what `verify()` needs.
    func touch(_ resolver: Resolver) throws
}

/// A container's live record of one registration of `T`.
final class Entry<T>: AnyEntry {
    let key: RegistrationKey
    let lifetime: Lifetime
    /// Returns the instance: a fresh one for a factory, the stored one for a single.
    let instance: @Sendable (Resolver) throws -> T

    init(key: RegistrationKey, lifetime: Lifetime, instance: @escaping @Sendable (Resolver) throws -> T) {
        self.key = key
        self.lifetime = lifetime
        self.instance = instance
    }

    func touch(_ resolver: Resolver) throws {
        _ = try instance(resolver)
    }
}
