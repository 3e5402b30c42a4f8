/// What an async builder receives as `$0`: `try await $0()` resolves a dependency by inferred
/// type, whether its builder is synchronous, async or bound to an actor.
///
/// ```swift
/// single { try await Pool.connect(url: $0()) }
/// factory { try await Service(pool: $0()) }
/// ```
/// A resolver is valid only while its builder runs: do not keep it after the builder returns.
public struct AsyncResolver: Sendable {
    @usableFromInline let container: Container
    /// The entry being built, if any (see `Resolver.current`).
    @usableFromInline unowned(unsafe) let current: (any AnyEntry)?
    /// How many builds enclose this one.
    @usableFromInline let depth: Int
    /// The chain of builds this resolver serves, once a single's first build began it.
    @usableFromInline let chain: BuildChain?

    @inlinable
    init(container: Container, current: (any AnyEntry)? = nil, depth: Int = 0, chain: BuildChain? = nil) {
        self.container = container
        self.current = current
        self.depth = depth
        self.chain = chain
    }

    /// The resolver a resolve through the container continues: `context`'s build, if any.
    @usableFromInline
    init(container: Container, context: BuildContext?) {
        self.init(container: container, current: context?.current, depth: context?.depth ?? 0, chain: context?.chain)
    }

    /// Resolves the registered `T` (named `name`, if given), awaiting its builder if it is async.
    @inlinable
    public func callAsFunction<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T {
        let key = RegistrationKey(type, name: name)
        guard let reference = container.entries.reference(for: key) else { return try await container.unregistered(key, self) }
        if let recorder = container.recorder {
            if let current { recorder.record(from: current.key, to: key) }
            let entry = unsafeDowncast(reference.takeUnretainedValue(), to: Entry<T>.self)
            return try await recorder.once(key) { try await entry.instance(self) }
        }
        // Safe: as in `Resolver.resolve`, the entry under a key made from `T` is an `Entry<T>`.
        if let built = reference._withUnsafeGuaranteedRef({ unsafeDowncast($0, to: Entry<T>.self).builtByAny }) { return built }
        return try await unsafeDowncast(reference.takeUnretainedValue(), to: Entry<T>.self).instance(self)
    }

    /// The resolver for the builder of `entry`, one level deeper, in the same build.
    @usableFromInline
    func child(building entry: any AnyEntry) -> AsyncResolver {
        AsyncResolver(container: container, current: entry, depth: depth + 1, chain: chain)
    }

    /// The synchronous resolver at the same place, for a synchronous builder met on the way.
    @usableFromInline
    var synchronous: Resolver {
        Resolver(container: container, current: current, depth: depth, chain: chain)
    }
}
