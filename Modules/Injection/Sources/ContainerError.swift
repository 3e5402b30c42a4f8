/// Why a container could not be made or could not build something, in words a person can act on.
public enum ContainerError: Error, CustomStringConvertible {
    /// Nothing is registered for `requested`; `path` led there, `nearest` are similar names.
    case missingRegistration(requested: RegistrationKey, path: [RegistrationKey], nearest: [RegistrationKey])
    /// Building `cycle.first` needs itself again: `A → B → A`.
    case circularDependency(cycle: [RegistrationKey])
    /// These keys were registered more than once within one component.
    case duplicateRegistrations([RegistrationKey])
    /// The builder at the end of `path` threw `underlying`.
    case builderFailed(path: [RegistrationKey], underlying: any Error)
    /// A synchronous resolve met the async builder at the end of `path`: resolve with `await`.
    case needsAwait(path: [RegistrationKey])
    /// `verify()` found these problems.
    case verificationFailed([ContainerError])

    /// The error a builder threw, if this is (or wraps) a builder failure.
    public var underlyingError: (any Error)? {
        if case .builderFailed(_, let underlying) = self { return underlying }
        return nil
    }

    /// What went wrong, where the path to it led, and how to fix it, in words a person can act on.
    public var description: String {
        switch self {
        case .missingRegistration(let requested, let path, let nearest):
            var message = "No registration for \(requested)"
            if path.count > 1 { message += ", needed by \(Self.arrowed(path))" }
            message += "."
            if !nearest.isEmpty {
                message += " Registered types nearest in name: \(nearest.map(\.description).joined(separator: ", "))."
            }
            return message + " Register it with single { … } or factory { … } in a component."
        case .circularDependency(let cycle):
            return "Circular dependency: \(Self.arrowed(cycle)). Break the cycle by injecting one side later."
        case .duplicateRegistrations(let keys):
            let names = keys.map(\.description).joined(separator: ", ")
            return "Registered more than once in one component: \(names). "
                + "Register each once, or override it in a later component."
        case .builderFailed(let path, let underlying):
            return "Building \(Self.arrowed(path)) failed: \(underlying)"
        case .needsAwait(let path):
            let resolve = "with `try await container.resolve()` (verify with `try await container.verify()`)"
            guard path.count > 1 else { return "\(path[0]) has an async builder: resolve it \(resolve)." }
            return "Building \(Self.arrowed(path)) needs await: \(path[path.count - 1]) has an async builder, so every "
                + "builder on the way must be async and resolve with `try await $0()`; resolve \(path[0]) \(resolve)."
        case .verificationFailed(let problems):
            let lines = problems.map { "- \($0.description)" }.joined(separator: "\n")
            return "The container has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n\(lines)"
        }
    }

    private static func arrowed(_ path: [RegistrationKey]) -> String {
        path.map(\.description).joined(separator: " → ")
    }
}
