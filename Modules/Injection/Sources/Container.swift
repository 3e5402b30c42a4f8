import Synchronization

/// Builds and holds an object graph from components; a later component overrides an earlier one.
///
/// Each container has its own singles and no global state, so tests can build one container per
/// test, with production components plus an override component, and run in parallel.
public final class Container: Sendable {
    @usableFromInline let entries: EntryTable
    let buildLock = Mutex<Void>(())
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
    /// listing each failure (missing registration, cycle, a builder that threw).
    @discardableResult
    public func verify() throws -> ObjectGraph {
        let scope = try Container(registrations: entries.registrations, recorder: GraphRecorder())
        var problems: [ContainerError] = []
        for key in keys {
            do {
                try scope.entries.entry(for: key)?.touch(Resolver(container: scope))
            } catch let failure as ResolutionFailure {
                let error = failure.containerError
                if !problems.contains(where: { $0.description == error.description }) {
                    problems.append(error)
                }
            }
        }
        if !problems.isEmpty {
            throw ContainerError.verificationFailed(problems)
        }
        return scope.recordedGraph()
    }

    /// The object graph: each registration and what its builder resolves, found by `verify()`.
    public func graph() throws -> ObjectGraph {
        try verify()
    }

    private func recordedGraph() -> ObjectGraph {
        let nodes = entries.registrations.map { ObjectGraph.Node(key: $0.key, lifetime: $0.lifetime) }
        return ObjectGraph(nodes: nodes, edges: recorder?.edges ?? [])
    }
}
