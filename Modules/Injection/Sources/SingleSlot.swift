import Synchronization

/// Holds the one instance of a `single` in one container, built at most once.
///
/// Once built, a read is one atomic load and a plain read: no lock. A first build takes the
/// container's build lock, so two tasks never build the same single and two singles never
/// wait on each other.
// @unchecked Sendable: only `single(_:)` makes slots, and it requires `T: Sendable`.
// `stored` is written exactly once, under the container's build lock and before `isBuilt`
// is set with release ordering; it is read only after `isBuilt` is seen true with acquire
// ordering, so every reader sees the fully built value and no write races a read.
@usableFromInline
final class SingleSlot<T>: @unchecked Sendable {
    @usableFromInline let isBuilt = Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var stored: T?

    @inlinable
    init() {}

    /// The instance, if it has been built.
    @inlinable
    var built: T? {
        isBuilt.load(ordering: .acquiring) ? stored : nil
    }

    /// Builds the instance under the container's build lock, unless another task just did.
    @usableFromInline
    func firstInstance(
        _ resolver: Resolver,
        key: RegistrationKey,
        build: @Sendable (Resolver) throws -> T
    ) throws -> T {
        try resolver.withBuildLock { locked in
            if let built { return built }
            let made = try locked.building(key, with: build)
            stored = made
            isBuilt.store(true, ordering: .releasing)
            return made
        }
    }
}
