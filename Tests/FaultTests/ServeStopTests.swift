import FaultTestSupport
import TestSupport

#if os(Linux)
    import Foundation
    import Testing

    /// `CompositionRoot serve` told to stop while clients keep it busy: it stops accepting,
    /// answers every request that arrived before the signal, and exits 0.
    @Suite(.onOwnThread) struct ServeStopTests {
        @Test func sigtermAnswersEveryRequestSentBeforeItThenExitsZero() async throws {
            let seen = try await onOwnThread { try ServeStopClients.stopWhileServing("/v1/public/characters?limit=100") }
            #expect(seen.ending == .exited(0), "\(seen.ending.map(\.description) ?? "still running"); stderr: \(seen.stderr)")
            #expect(seen.failures.isEmpty, "\(seen.failures.count) of \(seen.sentBeforeSignal) requests: \(seen.failures.prefix(5))")
            #expect(seen.answeredBeforeSignal >= ServeStopClients.clients * 3)
        }
    }
#endif
