/// What a builder closure receives as `$0`: call it to resolve a dependency by inferred type.
///
/// ```swift
/// factory { try InternalCharacterRepository(provider: $0(), cache: $0()) as CharacterRepository }
/// ```
/// A resolver is valid only while its builder runs: do not keep it or hand it to another task.
public struct Resolver: Sendable {
    let container: Container
    /// The registrations being built, outermost first: the path that led to this resolve.
    let path: [RegistrationKey]
    /// Whether this build already holds the container's build lock (a single is being built).
    let holdsBuildLock: Bool

    init(container: Container, path: [RegistrationKey] = [], holdsBuildLock: Bool = false) {
        self.container = container
        self.path = path
        self.holdsBuildLock = holdsBuildLock
    }

    /// Resolves the registered `T` (named `name`, if given).
    public func callAsFunction<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        try resolve(RegistrationKey(type, name: name))
    }

    func resolve<T>(_ key: RegistrationKey) throws -> T {
        guard let entry = container.entries[key] else {
            throw ContainerError.missingRegistration(
                requested: key,
                path: path + [key],
                nearest: NearestNames.keys(near: key, among: Array(container.entries.keys))
            )
        }
        if let recorder = container.recorder, let parent = path.last {
            recorder.record(from: parent, to: key)
        }
        // Safe: the entry under a key made from `T` is always an `Entry<T>` (see Registration).
        return try unsafeDowncast(entry, to: Entry<T>.self).instance(self)
    }

    /// Runs `build` for `key` one level deeper, turning a revisit into a cycle error.
    func building<T>(_ key: RegistrationKey, with build: (Resolver) throws -> T) throws -> T {
        let deeper = path + [key]
        if let start = path.firstIndex(of: key) {
            throw ContainerError.circularDependency(cycle: Array(deeper[start...]))
        }
        do {
            return try build(Resolver(container: container, path: deeper, holdsBuildLock: holdsBuildLock))
        } catch let error as ContainerError {
            throw error
        } catch {
            throw ContainerError.builderFailed(path: deeper, underlying: error)
        }
    }

    /// Runs `body` holding the container's build lock, taking it only if not already held.
    func withBuildLock<R: Sendable>(_ body: (Resolver) throws -> R) throws -> R {
        if holdsBuildLock { return try body(self) }
        let locked = Resolver(container: container, path: path, holdsBuildLock: true)
        return try container.buildLock.withLock { _ in try body(locked) }
    }
}
