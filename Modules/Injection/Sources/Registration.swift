/// A recipe for one type: its key, its lifetime and how to build it.
///
/// A registration holds no instance: each container makes its own entry from it, so two
/// containers built from the same components never share a `single`.
public struct Registration: Sendable {
    /// The type (and name) this registration answers.
    public let key: RegistrationKey
    /// Whether the builder runs once per container or on every resolve.
    public let lifetime: Lifetime
    /// Whether the builder is synchronous, async, or bound to an actor.
    public let builder: BuilderKind
    @usableFromInline let makeEntry: @Sendable () -> any AnyEntry

    @inlinable
    init(
        key: RegistrationKey, lifetime: Lifetime, builder: BuilderKind = .synchronous, makeEntry: @escaping @Sendable () -> any AnyEntry
    ) {
        self.key = key
        self.lifetime = lifetime
        self.builder = builder
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

/// Registers `build`, which may suspend or run on a global actor, as the one `T` per container:
/// built once, by one task, on its first resolve; resolve it with `await`.
@inlinable
public func single<T: Sendable>(
    name: String? = nil,
    _ build: @escaping @isolated(any) @Sendable (AsyncResolver) async throws -> T
) -> Registration {
    asyncRegistration(name: name, lifetime: .single, BuilderKind(isolation: build.isolation)) { try await build($0) }
}

/// Registers `build`, which may suspend or run on a global actor, to make a new `T` on every
/// resolve; resolve it with `await`.
@inlinable
public func factory<T: Sendable>(
    name: String? = nil,
    _ build: @escaping @isolated(any) @Sendable (AsyncResolver) async throws -> T
) -> Registration {
    asyncRegistration(name: name, lifetime: .factory, BuilderKind(isolation: build.isolation)) { try await build($0) }
}

/// Registers `build`, async and needing nothing from the container, as the one `T` per container.
@inlinable
public func single<T: Sendable>(name: String? = nil, _ build: @escaping @isolated(any) @Sendable () async throws -> T) -> Registration {
    asyncRegistration(name: name, lifetime: .single, BuilderKind(isolation: build.isolation)) { _ in try await build() }
}

/// Registers `build`, async and needing nothing from the container, to make a new `T` on every resolve.
@inlinable
public func factory<T: Sendable>(name: String? = nil, _ build: @escaping @isolated(any) @Sendable () async throws -> T) -> Registration {
    asyncRegistration(name: name, lifetime: .factory, BuilderKind(isolation: build.isolation)) { _ in try await build() }
}

/// The registration of an async builder, wrapped so that calling it hops to its actor, if any.
@inlinable
func asyncRegistration<T>(
    name: String?, lifetime: Lifetime, _ builder: BuilderKind, _ build: @escaping @Sendable (AsyncResolver) async throws -> T
) -> Registration {
    let key = RegistrationKey(T.self, name: name)
    let stub: @Sendable (Resolver) throws -> T = { _ in throw ResolutionFailure(path: [], reason: .needsAwait) }
    let make: @Sendable () -> Entry<T> = { Entry(key: key, lifetime: lifetime, build: stub, buildAsync: build) }
    // A factory's entry holds no state: every container built from this registration shares it.
    guard lifetime == .single else { return Registration(key: key, lifetime: lifetime, builder: builder) { [entry = make()] in entry } }
    return Registration(key: key, lifetime: lifetime, builder: builder) { make() }
}
