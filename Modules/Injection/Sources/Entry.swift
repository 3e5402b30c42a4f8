import Synchronization

/// What a container keeps of one registration, whatever it builds.
@usableFromInline
protocol AnyEntry: AnyObject, Sendable {
    var key: RegistrationKey { get }
    var lifetime: Lifetime { get }
    /// Builds (or fetches) the instance and discards it: what `verify()` needs.
    func touch(_ resolver: Resolver) throws
    /// The same from an async context, async builders included.
    func touch(_ resolver: AsyncResolver) async throws
}

/// A container's live record of one registration of `T`: its builder and, for a single, the
/// one instance once built.
///
/// A built single is read with one atomic load of the pointer to it and a plain read: no lock.
/// A first build is coordinated for this single alone (see `BuildCoordinator`): one resolve
/// builds it, its concurrent resolutions wait for that build, and unrelated singles build side
/// by side. The instance lives in memory of its own, so an entry holds no `T?`: releasing an
/// entry then needs no `Optional<T>` metadata, which a generic deinitializer would look up in
/// the runtime's cache for every entry of every container.
///
/// A factory's entry holds no state at all, so every container shares the one its
/// registration made. An async builder's entry keeps it in `buildAsync`, and its `build` throws
/// `needsAwait`; its single is built by one task, however many wait for it.
// @unchecked Sendable: the instance is stored only by singles, and `single(_:)` requires
// `T: Sendable`. It is written once, into memory of its own, before its pointer is published by
// a compare-exchange with release ordering (the first build to publish wins; a later one, from
// an abandoned async build, frees its own); it is read only after that pointer is loaded with
// acquire ordering, so every reader sees the whole value and no write races a read.
@usableFromInline final class Entry<T>: AnyEntry, @unchecked Sendable {  // Safe: see above.
    @usableFromInline let key: RegistrationKey
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let build: @Sendable (Resolver) throws -> T
    /// The async builder, if the registration has one; nil for a synchronous builder.
    @usableFromInline let buildAsync: (@Sendable (AsyncResolver) async throws -> T)?
    /// Whether the builder is async: a synchronous resolve then never returns the instance.
    @usableFromInline let isAsync: Bool
    /// The built single's instance, once built: a `T` in memory this entry owns.
    @usableFromInline let instancePointer = Atomic<UnsafeMutableRawPointer?>(nil)

    /// An entry building with `build`, or with `buildAsync` if given (`build` then throws `needsAwait`).
    @inlinable
    init(
        key: RegistrationKey, lifetime: Lifetime, build: @escaping @Sendable (Resolver) throws -> T,
        buildAsync: (@Sendable (AsyncResolver) async throws -> T)? = nil
    ) {
        self.key = key
        self.lifetime = lifetime
        self.build = build
        self.buildAsync = buildAsync
        self.isAsync = buildAsync != nil
    }

    deinit {
        // Nothing else holds the entry now, so no ordering is needed.
        if let pointer = instancePointer.load(ordering: .relaxed) {
            pointer.assumingMemoryBound(to: T.self).deinitialize(count: 1)
            pointer.deallocate()
        }
    }

    /// The single's instance, if it has been built by a synchronous builder.
    @inlinable
    var built: T? {
        guard !isAsync else { return nil }
        return builtByAny
    }

    /// The single's instance, if it has been built, by either kind of builder.
    @inlinable
    var builtByAny: T? {
        guard let pointer = instancePointer.load(ordering: .acquiring) else { return nil }
        return pointer.assumingMemoryBound(to: T.self).pointee
    }

    /// The instance: the single's stored one, or a fresh one from a factory.
    @inlinable
    func instance(_ resolver: Resolver) throws -> T {
        if lifetime == .factory { return try make(resolver) }
        if let built { return built }
        return try firstInstance(resolver)
    }

    /// Builds the single, or waits for the build of it under way, unless it is built.
    @usableFromInline
    func firstInstance(_ resolver: Resolver) throws -> T {
        // An async single is never built here: its `build` throws `needsAwait`.
        if isAsync { return try make(resolver) }
        let coordinator = resolver.container.coordinator
        let chain = resolver.chain ?? BuildChain()
        while true {
            if let built = builtByAny { return built }
            switch try coordinator.claim(self, by: chain, isBuilt: { builtByAny != nil }) {
            case .built: continue
            case .mine(let build): return try buildAndPublish(resolver, build, parent: chain)
            case .wait(let build): try coordinator.waitSynchronously(for: build, of: self, by: chain)
            }
        }
    }

    /// Runs the synchronous builder in `build`'s chain, publishes what it made, and ends `build`.
    func buildAndPublish(_ resolver: Resolver, _ build: BuildCoordinator.Build, parent: BuildChain) throws -> T {
        let container = resolver.container
        let builder = Resolver(container: container, current: resolver.current, depth: resolver.depth, chain: build.owner)
        let context = BuildContext(container: ObjectIdentifier(container), chain: build.owner, depth: resolver.depth + 1, current: self)
        do {
            let made = publish(try BuildContext.$current.withValue(context) { try make(builder) })
            container.coordinator.finish(build, of: self, failure: nil, parent: parent)
            return made
        } catch {
            container.coordinator.finish(build, of: self, failure: error, parent: parent)
            throw error
        }
    }

    /// Stores the single's one instance, for every later resolve, and returns it: `made`, or
    /// the instance an abandoned build of it stored first.
    func publish(_ made: T) -> T {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: made)
        let stored = instancePointer.compareExchange(
            expected: nil, desired: UnsafeMutableRawPointer(pointer), successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        guard !stored.exchanged, let first = stored.original else { return made }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        return first.assumingMemoryBound(to: T.self).pointee
    }

    /// Runs the builder one level deeper; a failure below gains this key at the front of its path.
    /// Small enough to inline: what a failure becomes is worked out out of line.
    @inlinable @inline(__always)
    func make(_ resolver: consuming Resolver) throws -> T {
        guard resolver.depth < resolver.container.maximumDepth else { throw tooDeep(resolver.container.maximumDepth) }
        do {
            return try build(resolver.child(building: self))
        } catch {
            throw failure(error)
        }
    }

    /// The failure of a build nested deeper than the container's `maximumDepth`.
    @usableFromInline
    func tooDeep(_ maximumDepth: Int) -> ResolutionFailure {
        ResolutionFailure(path: [key], reason: .tooDeep(maximumDepth: maximumDepth))
    }

    /// `error`, thrown while building this entry, as a failure whose path starts here.
    @usableFromInline
    func failure(_ error: any Error) -> ResolutionFailure {
        if let failure = error as? ResolutionFailure { return failure.below(key) }
        return ResolutionFailure(path: [key], reason: .builderThrew(error))
    }

    /// In a verification's scope, the build's outcome is kept, so no builder runs twice.
    @usableFromInline
    func touch(_ resolver: Resolver) throws {
        guard let recorder = resolver.container.recorder else {
            _ = try instance(resolver)
            return
        }
        _ = try recorder.once(key) { try instance(resolver) }
    }
}
