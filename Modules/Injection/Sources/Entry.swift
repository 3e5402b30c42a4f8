import Synchronization

/// What a container keeps of one registration, whatever it builds.
@usableFromInline
protocol AnyEntry: AnyObject, Sendable {
    var key: RegistrationKey { get }
    var lifetime: Lifetime { get }
    /// Builds (or fetches) the instance and discards it: what `verify()` needs.
    func touch(_ resolver: Resolver) throws
}

/// A container's live record of one registration of `T`: its builder and, for a single, the
/// one instance once built.
///
/// A built single is read with one atomic load and a plain read: no lock. A first build takes
/// the container's build lock, so two tasks never build the same single and two singles never
/// wait on each other.
// @unchecked Sendable: `stored` is used only by singles, and `single(_:)` requires
// `T: Sendable`. It is written exactly once, under the container's build lock and before
// `isBuilt` is set with release ordering; it is read only after `isBuilt` is seen true with
// acquire ordering, so every reader sees the whole value and no write races a read.
@usableFromInline final class Entry<T>: AnyEntry, @unchecked Sendable {  // Safe: see above.
    @usableFromInline let key: RegistrationKey
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let build: @Sendable (Resolver) throws -> T
    @usableFromInline let isBuilt = Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var stored: T?

    @inlinable
    init(key: RegistrationKey, lifetime: Lifetime, build: @escaping @Sendable (Resolver) throws -> T) {
        self.key = key
        self.lifetime = lifetime
        self.build = build
    }

    /// The single's instance, if it has been built.
    @inlinable
    var built: T? {
        isBuilt.load(ordering: .acquiring) ? stored : nil
    }

    /// The instance: the single's stored one, or a fresh one from a factory.
    @inlinable
    func instance(_ resolver: Resolver) throws -> T {
        if lifetime == .factory { return try make(resolver) }
        if let built { return built }
        return try firstInstance(resolver)
    }

    /// Builds the single under the container's build lock, unless another task just did.
    @usableFromInline
    func firstInstance(_ resolver: Resolver) throws -> T {
        try resolver.withBuildLock { locked in
            if let built { return built }
            let made = try make(locked)
            stored = made
            isBuilt.store(true, ordering: .releasing)
            return made
        }
    }

    /// Runs the builder one level deeper; a failure below gains this key at the front of its path.
    @inlinable
    func make(_ resolver: Resolver) throws -> T {
        guard resolver.depth < Resolver.maximumDepth else { throw ResolutionFailure(path: [key], reason: .tooDeep) }
        do {
            return try build(resolver.child(building: key))
        } catch let failure as ResolutionFailure {
            throw failure.below(key)
        } catch {
            throw ResolutionFailure(path: [key], reason: .builderThrew(error))
        }
    }

    @usableFromInline
    func touch(_ resolver: Resolver) throws {
        _ = try instance(resolver)
    }
}
