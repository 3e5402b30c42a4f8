/// Resolving an entry from an async builder or `Container.resolve() async`.
extension Entry {
    /// The instance: a synchronous builder's as from a synchronous resolve; an async factory's
    /// fresh one; an async single's stored one, built by one task however many wait for it.
    @usableFromInline
    func instance(_ resolver: AsyncResolver) async throws -> T {
        guard let buildAsync else { return try instance(resolver.synchronous) }
        if lifetime == .factory { return try await make(resolver, buildAsync) }
        if let built = builtByAny { return built }
        return try await firstInstance(resolver, buildAsync)
    }

    /// Runs the async builder one level deeper; a failure below gains this key at the front of its path.
    func make(_ resolver: AsyncResolver, _ build: @Sendable (AsyncResolver) async throws -> T) async throws -> T {
        guard resolver.depth < Resolver.maximumDepth else { throw tooDeep() }
        do {
            return try await build(resolver.child(building: self))
        } catch {
            throw failure(error)
        }
    }

    /// Waits for the build of this async single, starting it unless one is under way. The build
    /// runs in a task of its own, so a waiter that is cancelled cancels nothing; a build that
    /// throws stores nothing, and the next resolve builds again.
    func firstInstance(_ resolver: AsyncResolver, _ build: @escaping @Sendable (AsyncResolver) async throws -> T) async throws -> T {
        let builds = resolver.container.builds
        let builder = AsyncResolver(container: resolver.container, current: resolver.current, depth: resolver.depth, owner: self)
        let task = try await builds.join(self, waiter: resolver.owner, isBuilt: { self.builtByAny != nil }) {
            Task { try await self.buildAndPublish(builder, build) }
        }
        if let task {
            let ended = await task.result
            await builds.stopWaiting(resolver.owner, on: self)
            try ended.get()
        }
        guard let built = builtByAny else { preconditionFailure("\(key): an async single's build ended without an instance") }
        return built
    }

    /// Builds the single, stores it, and ends its build either way.
    private func buildAndPublish(_ resolver: AsyncResolver, _ build: @Sendable (AsyncResolver) async throws -> T) async throws {
        do {
            publish(try await make(resolver, build))
        } catch {
            await resolver.container.builds.finish(self)
            throw error
        }
        await resolver.container.builds.finish(self)
    }

    @usableFromInline
    func touch(_ resolver: AsyncResolver) async throws {
        _ = try await instance(resolver)
    }
}
