import Synchronization

/// Builds and holds an object graph from components; a later component overrides an earlier one.
///
/// Each container has its own singles and no global state, so tests can build one container per
/// test, with production components plus an override component, and run in parallel.
public final class Container: Sendable {
    @usableFromInline let entries: EntryTable
    let buildLock = Mutex<Void>(())
    /// The async singles being built, and which builds wait on which.
    let builds = AsyncBuilds()
    @usableFromInline let recorder: GraphRecorder?

    /// Makes a container from `components`; throws when one component registers a key twice.
    public convenience init(_ components: Component...) throws {
        try self.init(components)
    }

    /// Makes a container from `components`; throws when one component registers a key twice.
    public init(_ components: [Component]) throws {
        self.entries = try EntryTable(components)
        self.recorder = nil
    }

    private init(registrations: [Registration], recorder: GraphRecorder) throws {
        self.entries = try EntryTable([Component(registrations: registrations)])
        self.recorder = recorder
    }

    /// Returns the registered `T` (named `name`, if given), building it and what it needs;
    /// throws `ContainerError` naming what is missing, the cycle, or the builder that failed.
    @inlinable @inline(__always)
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        let key = RegistrationKey(type, name: name)
        guard let reference = entries.reference(for: key) else { throw missing(key).containerError }
        // Safe: this container owns the entry; the entry under a key made from `T` is an `Entry<T>`.
        return try reference._withUnsafeGuaranteedRef { object in
            let entry = unsafeDowncast(object, to: Entry<T>.self)
            if let built = entry.built { return built }
            do {
                // A factory's builder takes over this resolver's reference to the container.
                if entry.lifetime == .factory { return try entry.make(Resolver(container: self)) }
                return try entry.firstInstance(Resolver(container: self))
            } catch let failure as ResolutionFailure {
                throw failure.containerError
            }
        }
    }

    /// Returns the registered `T` (named `name`, if given), awaiting async builders and the
    /// actors builders are bound to; throws as the synchronous `resolve` does.
    @inlinable @inline(__always)
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T {
        let key = RegistrationKey(type, name: name)
        guard let reference = entries.reference(for: key) else { throw missing(key).containerError }
        // Safe: as in the synchronous `resolve`.
        if let built = reference._withUnsafeGuaranteedRef({ unsafeDowncast($0, to: Entry<T>.self).builtByAny }) { return built }
        return try await firstResolve(unsafeDowncast(reference.takeUnretainedValue(), to: Entry<T>.self))
    }

    /// The slow path of `resolve() async`: `entry`'s instance, built if need be.
    @usableFromInline
    func firstResolve<T>(_ entry: Entry<T>) async throws -> T {
        do {
            return try await entry.instance(AsyncResolver(container: self))
        } catch let failure as ResolutionFailure {
            throw failure.containerError
        }
    }

    /// The failure for a resolve of `key`, which nothing registers.
    @usableFromInline
    func missing(_ key: RegistrationKey) -> ResolutionFailure {
        ResolutionFailure(path: [key], reason: .missing(nearest: NearestNames.keys(near: key, among: entries.keys)))
    }

    /// The registered keys, in registration order.
    public var keys: [RegistrationKey] {
        entries.keys
    }

    /// Builds every registration once in a throw-away scope and reports every problem at once.
    ///
    /// Singles of this container are left untouched. Throws `ContainerError.verificationFailed`
    /// listing each failure (missing registration, cycle, a builder that threw); an async
    /// builder is one (`needsAwait`): verify such a container with `try await verify()`.
    @discardableResult
    public func verify() throws -> ObjectGraph {
        let scope = try Container(registrations: entries.registrations, recorder: GraphRecorder())
        var problems: [ContainerError] = []
        for entry in scope.entries.all {
            do { try entry.touch(Resolver(container: scope)) } catch { Self.note(error, in: &problems) }
        }
        return try scope.verified(problems)
    }

    /// `verify()` with async builders built too: the form for a container that has them.
    @discardableResult
    public func verify() async throws -> ObjectGraph {
        let scope = try Container(registrations: entries.registrations, recorder: GraphRecorder())
        var problems: [ContainerError] = []
        for entry in scope.entries.all {
            do { try await entry.touch(AsyncResolver(container: scope)) } catch { Self.note(error, in: &problems) }
        }
        return try scope.verified(problems)
    }

    /// Adds `error`, a failure to build, to `problems` unless an equal problem is there already.
    private static func note(_ error: any Error, in problems: inout [ContainerError]) {
        let problem = (error as? ResolutionFailure)?.containerError ?? .builderFailed(path: [], underlying: error)
        if !problems.contains(where: { $0.description == problem.description }) { problems.append(problem) }
    }

    /// This scope's graph, or the problems its verification found.
    private func verified(_ problems: [ContainerError]) throws -> ObjectGraph {
        guard problems.isEmpty else { throw ContainerError.verificationFailed(problems) }
        return recordedGraph()
    }

    /// The object graph: each registration and what its builder resolves, found by `verify()`
    /// (`try await verify()` for a container with async builders).
    public func graph() throws -> ObjectGraph {
        try verify()
    }

    private func recordedGraph() -> ObjectGraph {
        let nodes = entries.registrations.map { ObjectGraph.Node(key: $0.key, lifetime: $0.lifetime, builder: $0.builder) }
        return ObjectGraph(nodes: nodes, edges: recorder?.edges ?? [])
    }
}
