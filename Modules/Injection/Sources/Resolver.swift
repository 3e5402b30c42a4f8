/// What a builder closure receives as `$0`: call it to resolve a dependency by inferred type.
///
/// ```swift
/// factory { try InternalCharacterRepository(provider: $0(), cache: $0()) as CharacterRepository }
/// ```
/// A resolver is valid only while its builder runs: do not keep it after the builder returns.
/// While it runs, it may be handed to other threads: a single is still built once.
///
/// Resolving allocates nothing for bookkeeping: a resolver knows how deep the build is and which
/// chain of builds it serves. The path that led to a failure is collected while the error
/// travels back up; a loop is a cycle, and a chain deeper than the container's `maximumDepth`
/// with no loop is reported as too deep.
public struct Resolver: Sendable {
    /// How deep a build may nest unless the container is given another `maximumDepth`.
    public static let maximumDepth = 128

    @usableFromInline let container: Container
    /// The entry being built, if any: the parent of what this resolver resolves. Not counted:
    /// `container` holds its table, which holds the entry; so a resolver copies no key and
    /// touches no reference count but the container's.
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

    /// Resolves the registered `T` (named `name`, if given).
    @inlinable
    public func callAsFunction<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        try resolve(RegistrationKey(type, name: name))
    }

    @inlinable
    func resolve<T>(_ key: RegistrationKey) throws -> T {
        guard let reference = container.entries.reference(for: key) else { return try container.unregistered(key, self) }
        // Safe: the container, and so its table and entries, outlives this call; and the entry
        // under a key made from `T` is always an `Entry<T>` (see Registration).
        if let recorder = container.recorder {
            if let current { recorder.record(from: current.key, to: key) }
            return try recorder.once(key) { try unsafeDowncast(reference.takeUnretainedValue(), to: Entry<T>.self).instance(self) }
        }
        return try reference._withUnsafeGuaranteedRef { try unsafeDowncast($0, to: Entry<T>.self).instance(self) }
    }

    /// The resolver for the builder of `entry`, one level deeper than this one; it takes over
    /// this one's reference to the container instead of counting another.
    @inlinable
    consuming func child(building entry: any AnyEntry) -> Resolver {
        Resolver(container: container, current: entry, depth: depth + 1, chain: chain)
    }
}
