/// Builds and holds an object graph from components; a later component overrides an earlier one.
///
/// Each container has its own singles and no global state, so tests can build one container per
/// test, with production components plus an override component, and run in parallel.
public final class Container: Sendable {
    @usableFromInline let entries: EntryTable
    /// The singles being built, who waits for each, and which chain of builds waits for which.
    let coordinator = BuildCoordinator()
    @usableFromInline let recorder: GraphRecorder?
    /// How deep a chain of builds may nest: deeper, with no loop, is `tooDeep`.
    public let maximumDepth: Int

    /// Makes a container from `components`; throws when one component registers a key twice.
    public convenience init(_ components: Component..., maximumDepth: Int = Resolver.maximumDepth) throws {
        try self.init(components, maximumDepth: maximumDepth)
    }

    /// Makes a container from `components`; throws when one component registers a key twice.
    public init(_ components: [Component], maximumDepth: Int = Resolver.maximumDepth) throws {
        self.entries = try EntryTable(components)
        self.recorder = nil
        self.maximumDepth = maximumDepth
    }

    /// A throw-away scope of `registrations` for a verification, recording into `recorder`.
    init(registrations: [Registration], recorder: GraphRecorder, maximumDepth: Int) throws {
        self.entries = try EntryTable([Component(registrations: registrations)])
        self.recorder = recorder
        self.maximumDepth = maximumDepth
    }

    /// Returns the registered `T` (named `name`, if given), building it and what it needs;
    /// throws `ContainerError` naming what is missing, the cycle, or the builder that failed.
    @inlinable @inline(__always)
    @available(*, noasync, message: "in async and top-level code, use `try await container.async.resolve()`")
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        let key = RegistrationKey(type, name: name)
        guard let reference = entries.reference(for: key) else { return try firstResolve(key) }
        // Safe: this container owns the entry; the entry under a key made from `T` is an `Entry<T>`.
        return try reference._withUnsafeGuaranteedRef { object in
            let entry = unsafeDowncast(object, to: Entry<T>.self)
            if let built = entry.built { return built }
            guard entry.lifetime == .factory else { return try firstResolve(entry) }
            // A factory's builder takes over this resolver's reference to the container. A loop
            // through it back to a single under construction on this thread is still a cycle.
            do {
                return try entry.make(Resolver(container: self))
            } catch let failure as ResolutionFailure {
                throw failure.reported(awaited: false)
            }
        }
    }

    /// The slow path of `resolve()` for a single: its instance, built if need be. Inside a
    /// builder it continues that build, and its failure goes up the build's path unconverted.
    @usableFromInline
    func firstResolve<T>(_ entry: Entry<T>) throws -> T {
        let context = BuildContext.current(in: self)
        do {
            return try entry.instance(Resolver(container: self, context: context))
        } catch let failure as ResolutionFailure {
            if context != nil { throw failure }
            throw failure.reported(awaited: false)
        }
    }

    /// The slow path of `resolve()` for a `key` nothing registers: `T?` resolves `T`.
    @usableFromInline
    func firstResolve<T>(_ key: RegistrationKey) throws -> T {
        let context = BuildContext.current(in: self)
        do {
            return try unregistered(key, Resolver(container: self, context: context))
        } catch let failure as ResolutionFailure {
            if context != nil { throw failure }
            throw failure.reported(awaited: false)
        }
    }

    /// Returns the registered `T` (named `name`, if given), awaiting async builders and the
    /// actors builders are bound to; throws as the synchronous `resolve` does.
    @inlinable @inline(__always)
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T {
        let key = RegistrationKey(type, name: name)
        guard let reference = entries.reference(for: key) else { return try await firstResolve(key) }
        // Safe: as in the synchronous `resolve`.
        if let built = reference._withUnsafeGuaranteedRef({ unsafeDowncast($0, to: Entry<T>.self).builtByAny }) { return built }
        return try await firstResolve(unsafeDowncast(reference.takeUnretainedValue(), to: Entry<T>.self))
    }

    /// The slow path of `resolve() async`: `entry`'s instance, built if need be.
    @usableFromInline
    func firstResolve<T>(_ entry: Entry<T>) async throws -> T {
        let context = BuildContext.current(in: self)
        do {
            return try await entry.instance(AsyncResolver(container: self, context: context))
        } catch let failure as ResolutionFailure {
            if context != nil { throw failure }
            throw failure.reported(awaited: true)
        }
    }

    /// The slow path of `resolve() async` for a `key` nothing registers: `T?` resolves `T`.
    @usableFromInline
    func firstResolve<T>(_ key: RegistrationKey) async throws -> T {
        let context = BuildContext.current(in: self)
        do {
            return try await unregistered(key, AsyncResolver(container: self, context: context))
        } catch let failure as ResolutionFailure {
            if context != nil { throw failure }
            throw failure.reported(awaited: true)
        }
    }

    /// The failure for a resolve of `key`, which nothing registers; its suggestions are worked
    /// out only when read.
    @usableFromInline
    func missing(_ key: RegistrationKey) -> ResolutionFailure {
        ResolutionFailure(path: [key], reason: .missing(Suggestions(for: key, among: entries.keys)))
    }

    /// The registered keys, in registration order.
    public var keys: [RegistrationKey] {
        entries.keys
    }
}
