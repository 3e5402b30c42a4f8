/// What a builder closure receives as `$0`: call it to resolve a dependency by inferred type.
///
/// ```swift
/// factory { try InternalCharacterRepository(provider: $0(), cache: $0()) as CharacterRepository }
/// ```
/// A resolver is valid only while its builder runs: do not keep it or hand it to another task.
///
/// Resolving allocates nothing for bookkeeping: a resolver knows only how deep the build is.
/// The path that led to a failure is collected while the error travels back up, and a
/// build deeper than `maximumDepth` is taken for a cycle and reported with its path.
public struct Resolver: Sendable {
    /// How deep a build may nest before it is taken for a cycle.
    public static let maximumDepth = 128

    @usableFromInline let container: Container
    /// The entry being built, if any: the parent of what this resolver resolves. Not counted:
    /// `container` holds its table, which holds the entry; so a resolver copies no key and
    /// touches no reference count but the container's.
    @usableFromInline unowned(unsafe) let current: (any AnyEntry)?
    /// How many builds enclose this one.
    @usableFromInline let depth: Int
    /// Whether this build already holds the container's build lock (a single is being built).
    @usableFromInline let holdsBuildLock: Bool

    @inlinable
    init(container: Container, current: (any AnyEntry)? = nil, depth: Int = 0, holdsBuildLock: Bool = false) {
        self.container = container
        self.current = current
        self.depth = depth
        self.holdsBuildLock = holdsBuildLock
    }

    /// Resolves the registered `T` (named `name`, if given).
    @inlinable
    public func callAsFunction<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        try resolve(RegistrationKey(type, name: name))
    }

    @inlinable
    func resolve<T>(_ key: RegistrationKey) throws -> T {
        guard let reference = container.entries.reference(for: key) else { throw container.missing(key) }
        if let recorder = container.recorder, let current {
            recorder.record(from: current.key, to: key)
        }
        // Safe: the container, and so its table and entries, outlives this call; and the entry
        // under a key made from `T` is always an `Entry<T>` (see Registration).
        return try reference._withUnsafeGuaranteedRef { try unsafeDowncast($0, to: Entry<T>.self).instance(self) }
    }

    /// The resolver for the builder of `entry`, one level deeper than this one; it takes over
    /// this one's reference to the container instead of counting another.
    @inlinable
    consuming func child(building entry: any AnyEntry) -> Resolver {
        Resolver(container: container, current: entry, depth: depth + 1, holdsBuildLock: holdsBuildLock)
    }

    /// Runs `body` holding the container's build lock, taking it only if not already held.
    @usableFromInline
    func withBuildLock<R>(_ body: (Resolver) throws -> R) throws -> R {
        if holdsBuildLock { return try body(self) }
        let locked = Resolver(container: container, current: current, depth: depth, holdsBuildLock: true)
        return try container.buildLock.withLock { _ in try body(locked) }
    }
}
