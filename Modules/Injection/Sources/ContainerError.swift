/// Why a container could not be made or could not build something, in words a person can act on.
public enum ContainerError: Error, CustomStringConvertible {
    /// Nothing is registered for `requested`; `path` led there, `nearest` are similar names.
    case missingRegistration(requested: RegistrationKey, path: [RegistrationKey], nearest: Suggestions)
    /// Building `cycle.first` needs itself again: `A → B → A`.
    case circularDependency(cycle: [RegistrationKey])
    /// The chain of builds along `path` nests deeper than `maximumDepth`, with no loop.
    case tooDeep(path: [RegistrationKey], maximumDepth: Int)
    /// These override registrations replace nothing in the container they override; each with
    /// the registered key it probably meant, if one is likely.
    case overridesNothing([(override: RegistrationKey, meant: RegistrationKey?)])
    /// These keys were registered more than once within one component.
    case duplicateRegistrations([RegistrationKey])
    /// The builder at the end of `path` threw `underlying`.
    case builderFailed(path: [RegistrationKey], underlying: any Error)
    /// A synchronous resolve met the async builder at the end of `path`: resolve with `await`.
    case needsAwait(path: [RegistrationKey])
    /// A resolve with `await` met a synchronous builder on `path` that needs the async builder at
    /// its end: that builder must become async.
    case builderNeedsAwait(path: [RegistrationKey])
    /// A `Provider` of this key was called after its container was released.
    case containerReleased(RegistrationKey)
    /// `verify()` found these problems.
    case verificationFailed([ContainerError])

    /// The error a builder threw, if this is (or wraps) a builder failure: `catch let error as
    /// ContainerError where error.underlyingError is PoolError` reaches a builder's own error.
    public var underlyingError: (any Error)? {
        guard case .builderFailed(_, let underlying) = self else { return nil }
        return (underlying as? ContainerError)?.underlyingError ?? underlying
    }

    /// What went wrong, where the path to it led, and how to fix it, in words a person can act on.
    public var description: String {
        switch self {
        case .missingRegistration(let requested, let path, let nearest):
            var message = "No registration for \(requested)"
            if path.count > 1 { message += ", needed by \(Self.arrowed(path))" }
            message += "."
            let keys = nearest.keys
            if !keys.isEmpty {
                message += " Registered types nearest in name: \(keys.map(\.description).joined(separator: ", "))."
            }
            return message + " Register it with single { … } or factory { … } in a component."
        case .circularDependency(let cycle):
            return "Circular dependency: \(Self.arrowed(cycle)). Break the cycle by injecting one side later: "
                + "take a `Provider<\(cycle[0])>` (`Provider($0)`) and call it after the build."
        case .tooDeep(let path, let maximumDepth):
            return "Building \(path[0]) nests deeper than \(maximumDepth) builds, with no cycle: \(path[0]) → … → "
                + "\(path[path.count - 1]). Give the container a larger `maximumDepth:`, or flatten the chain."
        case .overridesNothing(let overrides):
            let lines = overrides.map { override, meant in
                guard let meant else { return "\(override) replaces no registration." }
                return "\(override) replaces no registration; did you mean \(meant)? Register it as that type: "
                    + "`single { \(override.typeName)(…) as any \(meant.typeName) }`."
            }
            return "An override that overrides nothing: " + lines.joined(separator: " ")
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
        case .builderNeedsAwait(let path):
            let needing = path[path.count - 2]
            return "Building \(Self.arrowed(path)) needs await: \(path[path.count - 1]) has an async builder, but the builder "
                + "of \(needing) is synchronous. Make it async: `single { try await \(needing.typeName)(…: $0()) }`, "
                + "and likewise every synchronous builder on the way."
        case .containerReleased(let key):
            return "A Provider<\(key)> was called after its container was released: keep the container while its objects live."
        case .verificationFailed(let problems):
            let lines = problems.map { "- \($0.description)" }.joined(separator: "\n")
            return "The container has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n\(lines)"
        }
    }

    private static func arrowed(_ path: [RegistrationKey]) -> String {
        path.map(\.description).joined(separator: " → ")
    }
}
