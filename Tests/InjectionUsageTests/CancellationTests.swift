import Injection
import Testing

final class Connection: Sendable {}

/// A cancelled caller is released promptly with `CancellationError`; the build goes on for the
/// others who wait, or stops when none does.
@Suite struct CancellationTests {
    @Test func aCancelledCallerIsReleasedWhileTheBuildGoesOnForOthers() async throws {
        let builds = Counter()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let container = try Container(
            Component {
                single { () async throws -> Connection in
                    builds.tick()
                    for await _ in gate { break }
                    return Connection()
                }
            })
        let cancelled = Task { try await container.async.resolve(Connection.self) }
        let patient = Task { try await container.async.resolve(Connection.self) }
        try await bounded { while builds.count == 0 { try await Task.sleep(for: .milliseconds(10)) } }
        cancelled.cancel()
        // The build cannot end before the gate opens: the cancelled caller leaves before it.
        let outcome = try await bounded { await cancelled.result }
        #expect(throws: CancellationError.self) { try outcome.get() }
        open.yield()
        _ = try await bounded { try await patient.value }
        #expect(builds.count == 1)
    }

    @Test func aBuildThatNeverEndsStopsWhenItsOnlyCallerIsCancelled() async throws {
        let stopped = Counter()
        let container = try Container(
            Component {
                single { () async throws -> Connection in
                    do {
                        try await Task.sleep(for: .seconds(3_600))
                    } catch {
                        stopped.tick()
                        throw error
                    }
                    return Connection()
                }
            })
        let caller = Task { try await container.async.resolve(Connection.self) }
        try await Task.sleep(for: .milliseconds(100))
        caller.cancel()
        let outcome = try await bounded { await caller.result }
        #expect(throws: CancellationError.self) { try outcome.get() }
        try await bounded {
            while stopped.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(stopped.count == 1)
    }

    @Test func cancellingTheCallerOfABuildThatWaitsForAnotherStopsBoth() async throws {
        let stopped = Counter()
        let container = try Container(
            Component {
                single { () async throws -> Connection in
                    do {
                        try await Task.sleep(for: .seconds(3_600))
                    } catch {
                        stopped.tick()
                        throw error
                    }
                    return Connection()
                }
                single { (resolver: AsyncResolver) async throws -> Pool in
                    _ = try await resolver(Connection.self)
                    return Pool()
                }
            })
        let caller = Task { try await container.async.resolve(Pool.self) }
        try await Task.sleep(for: .milliseconds(100))
        caller.cancel()
        let outcome = try await bounded { await caller.result }
        #expect(throws: CancellationError.self) { try outcome.get() }
        try await bounded {
            while stopped.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
    }
}
