/// A failure on its way up through the builds that led to it; each level adds its key.
///
/// `Container.resolve` turns it into a `ContainerError` once the whole path is known.
public struct ResolutionFailure: Error, CustomStringConvertible {
    @usableFromInline
    enum Reason: Sendable {
        case missing(Suggestions)
        /// The build nested deeper than `maximumDepth`: a cycle if its path repeats a key.
        case tooDeep(maximumDepth: Int)
        /// The build waited for a build waiting for it.
        case cycle
        case builderThrew(any Error)
        /// A synchronous resolve met an async builder.
        case needsAwait
    }

    /// The keys from the outermost build down to where it failed.
    @usableFromInline var path: [RegistrationKey]
    @usableFromInline let reason: Reason

    @inlinable
    init(path: [RegistrationKey], reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The same failure, one level further out.
    @usableFromInline
    func below(_ key: RegistrationKey) -> ResolutionFailure {
        ResolutionFailure(path: [key] + path, reason: reason)
    }

    /// The error to report: a missing registration, a cycle, or a builder's error, with its path.
    public var containerError: ContainerError {
        containerError(awaited: false)
    }

    /// The error to report to a resolve made with `await` if `awaited`: a synchronous builder on
    /// the way to an async one is then what to change.
    func containerError(awaited: Bool) -> ContainerError {
        switch reason {
        case .missing(let nearest):
            return .missingRegistration(requested: path[path.count - 1], path: path, nearest: nearest)
        case .tooDeep(let maximumDepth):
            guard let loop = Self.firstLoop(in: path) else { return .tooDeep(path: path, maximumDepth: maximumDepth) }
            return .circularDependency(cycle: loop)
        case .cycle:
            return .circularDependency(cycle: Self.firstLoop(in: path) ?? path)
        case .builderThrew(let error):
            return .builderFailed(path: path, underlying: error)
        case .needsAwait:
            return awaited && path.count > 1 ? .builderNeedsAwait(path: path) : .needsAwait(path: path)
        }
    }

    /// What a resolve throws for this failure: `CancellationError` as it is, when a wait was
    /// cancelled; else `containerError(awaited:)`.
    @usableFromInline
    func reported(awaited: Bool) -> any Error {
        if case .builderThrew(let error) = reason, error is CancellationError { return error }
        return containerError(awaited: awaited)
    }

    /// What `containerError` says.
    public var description: String { containerError.description }

    /// The first stretch of `path` that starts and ends with the same key.
    static func firstLoop(in path: [RegistrationKey]) -> [RegistrationKey]? {
        var seen: [RegistrationKey: Int] = [:]
        for (index, key) in path.enumerated() {
            if let start = seen[key] { return Array(path[start...index]) }
            seen[key] = index
        }
        return nil
    }
}
