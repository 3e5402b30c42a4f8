import FaultTestSupport
import TestSupport

#if os(Linux)
    import Foundation
    import Testing

    /// `CompositionRoot serve` as a real process under resource limits (util-linux's `prlimit`,
    /// `setpriv`): out of descriptors, out of threads, and held by slow clients, it keeps serving
    /// and stops on SIGTERM. One at a time, so their limits and clients do not mix. The clients
    /// run on threads of their own and report what they saw; the expectations are checked here.
    @Suite(.onOwnThread, .serialized) struct ServeFaultTests {
        static let request = "/v1/public/characters?limit=1"
        static let acceptTrouble = "Cannot accept connections on 127.0.0.1:"
        static let threadTrouble = "Cannot start a thread for a connection"

        /// With 64 descriptors and 100 connections, `accept` fails with EMFILE; once the clients
        /// close, the server accepts again at once (the first request after takes less than 5 s more
        /// than a plain one, whatever the machine's load), and it said so on stderr once.
        @Test(.enabled(if: SpawnedChild.systemTool("prlimit") != nil, "needs prlimit (util-linux)"))
        func serveKeepsAcceptingAfterRunningOutOfDescriptors() async throws {
            let prlimit = try #require(SpawnedChild.systemTool("prlimit")).path
            let seen = try await onOwnThread { try ServeClients.exhaustDescriptors(prlimit: prlimit) }
            #expect(seen.loggedBeforeRecovery, "no line on stderr about accept failing")
            #expect(seen.response.hasPrefix("HTTP/1.1 200 OK\r\n"), "after EMFILE: '\(seen.response.prefix(80))'")
            #expect(
                seen.responseTime < seen.controlTime + .seconds(5), "recovery \(seen.responseTime), a plain request \(seen.controlTime)")
            #expect(seen.stderr.components(separatedBy: Self.acceptTrouble).count == 2, "stderr: \(seen.stderr)")
            #expect(seen.ending == .exited(0))
        }

        /// As an unprivileged user allowed 30 threads, 100 idle connections outnumber the threads
        /// the server can start: those without a thread get a 503 and are closed, and SIGTERM still
        /// ends the server within seconds, closing every connection.
        @Test(
            .enabled(
                if: ServeClients.canRunAsAnotherUser,
                "needs root, setpriv, prlimit, and a clone user 65534 may enter, to run serve as that user"))
        func serveStopsOnSIGTERMWhenItCannotStartThreads() async throws {
            let wrapper = try #require(ServeClients.asAnotherUserWithFewThreads)
            let seen = try await onOwnThread { try ServeClients.exhaustThreads(wrapper: wrapper) }
            #expect(seen.loggedBeforeStop, "no line on stderr about threads")
            #expect(!seen.earlyAnswers.isEmpty, "no connection was turned away")
            for response in seen.earlyAnswers {
                #expect(response.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "'\(response.prefix(80))'")
                #expect(response.contains("Retry-After: 1\r\n"))
            }
            #expect(seen.ending == .exited(0))
            #expect(seen.openAfterStop == 0, "\(seen.openAfterStop) connections outlived the server")
            // Logged once per episode, not per connection turned away: a thread freed by a closing
            // connection ends an episode, and a later refusal starts another.
            let lines = seen.stderr.components(separatedBy: Self.threadTrouble).count - 1
            #expect(lines >= 1 && lines <= 3, "stderr: \(seen.stderr)")
        }

        /// With `--max-connections 4 --request-timeout 2`, four clients sending a byte every 200 ms
        /// get a 408 about 2 s after connecting, a fifth gets a 503 with Retry-After at once, and
        /// afterwards a normal request is answered.
        @Test func slowClientsAreCutOffAndTheFifthIsTurnedAway() async throws {
            let seen = try await onOwnThread { try ServeClients.trickle() }
            #expect(seen.fifth.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "fifth: '\(seen.fifth.prefix(80))'")
            #expect(seen.fifth.contains("Retry-After: 1\r\n"))
            #expect(seen.fifthTime < .seconds(2), "the 503 came after \(seen.fifthTime), not at once (the deadline is 2 s)")
            #expect(seen.cutOff.count == 4, "only \(seen.cutOff.count) slow clients were cut off within 6 s")
            for (after, response) in seen.cutOff {
                #expect(response.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "slow client: '\(response.prefix(80))'")
                #expect(after > .milliseconds(1500) && after < .seconds(5), "cut off after \(after)")
            }
            #expect(seen.afterwards.hasPrefix("HTTP/1.1 200 OK\r\n"), "after the slow clients: '\(seen.afterwards.prefix(80))'")
            #expect(seen.ending == .exited(0))
        }
    }
#endif
