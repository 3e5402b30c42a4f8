/// A failure on its way up through the builds that led to it; each level adds its key.
///
/// `Container.resolve` turns it into a `ContainerError` once the whole path is known.
public struct ResolutionFailure: Error, CustomStringConvertible {
    @usableFromInline
    enum Reason: Sendable {
        case missing(nearest: [RegistrationKey])
        case tooDeep
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
        switch reason {
        case .missing(let nearest):
            return .missingRegistration(requested: path[path.count - 1], path: path, nearest: nearest)
        case .tooDeep:
            return .circularDependency(cycle: Self.firstLoop(in: path))
        case .builderThrew(let error):
            return .builderFailed(path: path, underlying: error)
        case .needsAwait:
            return .needsAwait(path: path)
        }
    }

    /// What `containerError` says.
    public var description: String { containerError.description }

    /// The first stretch of `path` that starts and ends with the same key.
    static func firstLoop(in path: [RegistrationKey]) -> [RegistrationKey] {
        var seen: [RegistrationKey: Int] = [:]
        for (index, key) in path.enumerated() {
            if let start = seen[key] { return Array(path[start...index]) }
            seen[key] = index
        }
        return path
    }
}
