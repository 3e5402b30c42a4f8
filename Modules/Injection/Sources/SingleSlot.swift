import Synchronization

/// Holds the one instance of a `single` in one container, built at most once.
///
/// Reads take only the slot's own lock. A first build also takes the container's build lock,
/// so two tasks never build the same single and two singles never wait on each other.
final class SingleSlot<T: Sendable>: Sendable {
    private let value = Mutex<T?>(nil)

    func instance(
        _ resolver: Resolver,
        key: RegistrationKey,
        build: @Sendable (Resolver) throws -> T
    ) throws -> T {
        if let built = value.withLock({ $0 }) { return built }
        return try resolver.withBuildLock { locked in
            if let built = value.withLock({ $0 }) { return built }
            let built = try locked.building(key, with: build)
            value.withLock { $0 = built }
            return built
        }
    }
}
