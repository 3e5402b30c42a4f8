/// What a verification's throw-away scope keeps: the edges "A's builder resolved B", and the
/// outcome of each registration's one build, so that no builder runs twice in a verification.
// @unchecked Sendable: `recorded` and `outcomes` are read and written only while holding `lock`.
@usableFromInline
final class GraphRecorder: @unchecked Sendable {  // Safe: see above.
    private let lock = ConditionLock()
    private var recorded: [ObjectGraph.Edge] = []
    private var outcomes: [RegistrationKey: Result<Any, any Error>] = [:]

    @usableFromInline
    func record(from parent: RegistrationKey, to child: RegistrationKey) {
        let edge = ObjectGraph.Edge(from: parent, to: child)
        lock.locked {
            if !recorded.contains(edge) { recorded.append(edge) }
        }
    }

    var edges: [ObjectGraph.Edge] {
        lock.locked { recorded }
    }

    /// `key`'s instance: the outcome of its first build in this verification, or `build`'s.
    @usableFromInline
    func once<T>(_ key: RegistrationKey, _ build: () throws -> T) throws -> T {
        if let outcome = lock.locked({ outcomes[key] }), let value = try outcome.get() as? T { return value }
        let outcome = Result<T, any Error> { try build() }
        lock.locked { outcomes[key] = outcome.map { $0 as Any } }
        return try outcome.get()
    }

    /// The same from async code.
    @usableFromInline
    func once<T>(_ key: RegistrationKey, _ build: () async throws -> T) async throws -> T {
        if let outcome = lock.locked({ outcomes[key] }), let value = try outcome.get() as? T { return value }
        let outcome: Result<T, any Error>
        do { outcome = .success(try await build()) } catch { outcome = .failure(error) }
        lock.locked { outcomes[key] = outcome.map { $0 as Any } }
        return try outcome.get()
    }
}
