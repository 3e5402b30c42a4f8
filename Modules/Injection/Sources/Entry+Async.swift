/// Resolving an entry from an async builder or `Container.resolve() async`.
extension Entry {
    /// The instance: a factory's fresh one; a single's stored one, built once however many wait
    /// for it. A wait for another's build suspends instead of blocking a thread.
    @usableFromInline
    func instance(_ resolver: AsyncResolver) async throws -> T {
        if lifetime == .factory {
            guard let buildAsync else { return try make(resolver.synchronous) }
            return try await make(resolver, buildAsync)
        }
        if let built = builtByAny { return built }
        return try await firstInstance(resolver)
    }

    /// Runs the async builder one level deeper; a failure below gains this key at the front of its path.
    func make(_ resolver: AsyncResolver, _ build: @Sendable (AsyncResolver) async throws -> T) async throws -> T {
        guard resolver.depth < resolver.container.maximumDepth else { throw tooDeep(resolver.container.maximumDepth) }
        do {
            return try await build(resolver.child(building: self))
        } catch {
            throw failure(error)
        }
    }

    /// Waits for the build of this single, starting it unless one is under way. An async build
    /// runs in a task of its own: a waiter that is cancelled leaves with `CancellationError`, and
    /// the build stops when no one waits for it any more. A build that throws stores nothing, and
    /// the next resolve builds again.
    func firstInstance(_ resolver: AsyncResolver) async throws -> T {
        let coordinator = resolver.container.coordinator
        let chain = resolver.chain ?? BuildChain()
        let start: ((BuildCoordinator.Build) -> Task<Void, Never>)? = buildAsync.map { buildAsync in
            { build in Task { await self.buildAndPublish(resolver, buildAsync, build) } }
        }
        while true {
            if let built = builtByAny { return built }
            switch try coordinator.claim(self, by: chain, isBuilt: { builtByAny != nil }, start: start) {
            case .built: continue
            case .mine(let build) where buildAsync == nil: return try buildAndPublish(resolver.synchronous, build, parent: chain)
            case .mine(let build), .wait(let build): try await coordinator.wait(for: build, of: self, by: chain)
            }
        }
    }

    /// Runs the async builder in `build`'s chain, publishes what it made, and ends `build`.
    private func buildAndPublish(
        _ resolver: AsyncResolver, _ buildAsync: @Sendable (AsyncResolver) async throws -> T, _ build: BuildCoordinator.Build
    ) async {
        let container = resolver.container
        let builder = AsyncResolver(container: container, current: resolver.current, depth: resolver.depth, chain: build.owner)
        let context = BuildContext(container: ObjectIdentifier(container), chain: build.owner, depth: resolver.depth + 1, current: self)
        do {
            _ = publish(try await BuildContext.$current.withValue(context) { try await make(builder, buildAsync) })
            container.coordinator.finish(build, of: self, failure: nil, parent: nil)
        } catch {
            container.coordinator.finish(build, of: self, failure: error, parent: nil)
        }
    }

    /// In a verification's scope, the build's outcome is kept, so no builder runs twice.
    @usableFromInline
    func touch(_ resolver: AsyncResolver) async throws {
        guard let recorder = resolver.container.recorder else {
            _ = try await instance(resolver)
            return
        }
        _ = try await recorder.once(key) { try await instance(resolver) }
    }
}
