/// Verifying a container: every registration built once in a throw-away scope.
extension Container {
    /// Builds every registration once in a throw-away scope and reports every problem at once.
    ///
    /// Singles of this container are left untouched. Each builder runs at most once, and each
    /// problem is reported once, however many registrations need it. Throws
    /// `ContainerError.verificationFailed` listing each failure (missing registration, cycle, a
    /// builder that threw); an async builder is one (`needsAwait`): verify such a container with
    /// `try await verify()`.
    @discardableResult
    @available(*, noasync, message: "in async and top-level code, use `try await container.async.verify()`")
    public func verify() throws -> ObjectGraph {
        let recorder = GraphRecorder()
        let scope = try Container(registrations: entries.registrations, recorder: recorder, maximumDepth: maximumDepth)
        var problems = Problems()
        for entry in scope.entries.all {
            do { try entry.touch(Resolver(container: scope)) } catch { problems.note(error) }
        }
        return try scope.verified(problems)
    }

    /// `verify()` with async builders built too: the form for a container that has them.
    @discardableResult
    public func verify() async throws -> ObjectGraph {
        let recorder = GraphRecorder()
        let scope = try Container(registrations: entries.registrations, recorder: recorder, maximumDepth: maximumDepth)
        var problems = Problems()
        for entry in scope.entries.all {
            do { try await entry.touch(AsyncResolver(container: scope)) } catch { problems.note(error) }
        }
        return try scope.verified(problems)
    }

    /// The object graph: each registration and what its builder resolves, found by `verify()`;
    /// every async builder is a problem here: use `try await graph()` for a container with them.
    @available(*, noasync, message: "in async and top-level code, use `try await container.async.graph()`")
    public func graph() throws -> ObjectGraph {
        try verify()
    }

    /// The object graph, async builders built too: found by `try await verify()`.
    public func graph() async throws -> ObjectGraph {
        try await verify()
    }

    /// This scope's graph, or the problems its verification found.
    private func verified(_ problems: Problems) throws -> ObjectGraph {
        guard problems.found.isEmpty else { throw ContainerError.verificationFailed(problems.found) }
        let nodes = entries.registrations.map { ObjectGraph.Node(key: $0.key, lifetime: $0.lifetime, builder: $0.builder) }
        return ObjectGraph(nodes: nodes, edges: recorder?.edges ?? [])
    }
}

/// The problems a verification found, each once: a failure that reaches several registrations
/// (a builder that threw, a missing key, a cycle) is reported for the first that met it.
private struct Problems {
    var found: [ContainerError] = []
    private var causes: Set<String> = []

    mutating func note(_ error: any Error) {
        let failure = error as? ResolutionFailure
        let problem = failure?.containerError ?? .builderFailed(path: [], underlying: error)
        if causes.insert(failure.map(Self.cause) ?? problem.description).inserted { found.append(problem) }
    }

    /// What tells a failure's cause from another's, whatever path led to it.
    private static func cause(of failure: ResolutionFailure) -> String {
        let last = failure.path.last.map(\.description) ?? ""
        return switch failure.containerError {
        case .circularDependency(let cycle): "cycle \(Set(cycle.map(\.description)).sorted())"
        case .missingRegistration: "missing \(last)"
        case .builderFailed: "failed \(last)"
        case .needsAwait, .builderNeedsAwait: "await \(last)"
        case let problem: problem.description
        }
    }
}
