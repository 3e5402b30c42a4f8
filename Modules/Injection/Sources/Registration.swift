/// A recipe for one type: its key, its lifetime and how to build it.
///
/// A registration holds no instance: each container makes its own entry from it, so two
/// containers built from the same components never share a `single`.
public struct Registration: Sendable {
    /// The type (and name) this registration answers.
    public let key: RegistrationKey
    /// Whether the builder runs once per container or on every resolve.
    public let lifetime: Lifetime
    @usableFromInline let makeEntry: @Sendable () -> any AnyEntry

    @inlinable
    init(key: RegistrationKey, lifetime: Lifetime, makeEntry: @escaping @Sendable () -> any AnyEntry) {
        self.key = key
        self.lifetime = lifetime
        self.makeEntry = makeEntry
    }
}

/// Registers `build` as the one instance of `T` in each container: built on first resolve.
@inlinable
public func single<T: Sendable>(
    name: String? = nil,
    _ build: @escaping @Sendable (Resolver) throws -> T
) -> Registration {
    let key = RegistrationKey(T.self, name: name)
    return Registration(key: key, lifetime: .single) { Entry(key: key, lifetime: .single, build: build) }
}

/// Registers `build` to make a new `T` on every resolve.
@inlinable
public func factory<T>(
    name: String? = nil,
    _ build: @escaping @Sendable (Resolver) throws -> T
) -> Registration {
    let key = RegistrationKey(T.self, name: name)
    // A factory's entry holds no state: every container built from this registration shares it.
    let entry = Entry(key: key, lifetime: .factory, build: build)
    return Registration(key: key, lifetime: .factory) { entry }
}

/// Registers `build`, which needs nothing from the container, as the one `T` per container.
@inlinable
public func single<T: Sendable>(name: String? = nil, _ build: @escaping @Sendable () throws -> T) -> Registration {
    single(name: name) { (_: Resolver) in try build() }
}

/// Registers `build`, which needs nothing from the container, to make a new `T` on every resolve.
@inlinable
public func factory<T>(name: String? = nil, _ build: @escaping @Sendable () throws -> T) -> Registration {
    factory(name: name) { (_: Resolver) in try build() }
}
