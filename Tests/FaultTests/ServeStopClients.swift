import FaultTestSupport

#if os(Linux)
    import Foundation

    /// The blocking half of `ServeStopTests`: clients requesting pages from `serve` without a
    /// pause, SIGTERM while they do, and what each request got.
    enum ServeStopClients {
        struct Run {
            /// Requests sent before the signal, and how many of those got a complete response.
            var sentBeforeSignal = 0
            var answeredBeforeSignal = 0
            /// What each request sent before the signal got, when it was not a complete 200.
            var failures: [String] = []
            var ending: SpawnedChild.Ending?
            var stderr = ""
        }

        /// Set once, just before the signal: a request sent while it is unset was sent before it.
        // @unchecked Sendable: `raised` is only read and written under `lock`.
        private final class Flag: @unchecked Sendable {  // Safe: see above.
            private let lock = NSLock()
            private var raised = false
            func raise() { lock.withLock { raised = true } }
            var isRaised: Bool { lock.withLock { raised } }
        }

        /// What the clients saw, gathered under a lock.
        // @unchecked Sendable: `run` and `answered` are only read and written under `lock`.
        private final class Tally: @unchecked Sendable {  // Safe: see above.
            private let lock = NSLock()
            private var run = Run()
            private var answered: [Int] = []

            init(clients: Int) { answered = Array(repeating: 0, count: clients) }

            func record(client: Int, sentBeforeSignal: Bool, response: (head: String, body: [UInt8])?) {
                let complete = response.map { $0.head.hasPrefix("HTTP/1.1 200 OK\r\n") && !$0.body.isEmpty } ?? false
                lock.withLock {
                    if complete { answered[client] += 1 }
                    guard sentBeforeSignal else { return }
                    run.sentBeforeSignal += 1
                    if complete {
                        run.answeredBeforeSignal += 1
                    } else {
                        run.failures.append(response.map { String($0.head.prefix(80)) } ?? "no complete response")
                    }
                }
            }

            /// The fewest complete responses any client has had.
            var fewestAnswered: Int { lock.withLock { answered.min() ?? 0 } }
            var result: Run { lock.withLock { run } }
        }

        static let clients = 4

        /// `serve` with four clients, each sending keep-alive requests for `target` one after
        /// another (on a new connection when the server closes the last); once each has had
        /// three answers, SIGTERM. A client stops when the server is gone (a refused connection,
        /// or a connection closed without an answer, after the signal).
        static func stopWhileServing(_ target: String) throws -> Run {
            let server = try ServeChild()
            let port = server.port
            let flag = Flag()
            let tally = Tally(clients: clients)
            let done = DispatchGroup()
            for client in 0..<clients {
                done.enter()
                Thread {
                    play(client: client, target: target, port: port, flag: flag, tally: tally)
                    done.leave()
                }.start()
            }
            let warmUp = ContinuousClock.now + .seconds(120)
            while tally.fewestAnswered < 3 && ContinuousClock.now < warmUp { usleep(5000) }
            flag.raise()
            server.child.send(SIGTERM)
            var run = Run()
            do {
                run.ending = try server.child.wait(timeout: .seconds(120))
            } catch {
                run.failures.append("\(error)")
            }
            _ = done.wait(timeout: .now() + 120)
            let seen = tally.result
            run.sentBeforeSignal = seen.sentBeforeSignal
            run.answeredBeforeSignal = seen.answeredBeforeSignal
            run.failures += seen.failures
            run.stderr = server.stderr
            return run
        }

        private static func play(client: Int, target: String, port: UInt16, flag: Flag, tally: Tally) {
            let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"
            let deadline = ContinuousClock.now + .seconds(240)
            var connection: LoopbackSocket?
            while ContinuousClock.now < deadline {
                if connection == nil {
                    connection = try? LoopbackSocket(port: port)
                    if connection == nil {
                        if flag.isRaised { return }
                        continue
                    }
                }
                guard let open = connection, open.send(request) else {
                    connection = nil
                    if flag.isRaised { return }
                    continue
                }
                let sentBeforeSignal = !flag.isRaised
                let response = open.readResponse(before: .now + .seconds(60))
                tally.record(client: client, sentBeforeSignal: sentBeforeSignal, response: response)
                if response == nil && flag.isRaised { return }
                if response?.head.contains("\r\nConnection: close") != false { connection = nil }
            }
        }
    }
#endif
