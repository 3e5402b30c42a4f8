import FaultTestSupport

#if os(Linux)
    import Foundation

    /// The blocking halves of `ServeFaultTests`: each starts `serve`, plays its clients and returns
    /// what they saw. Every wait has a deadline; the server is always reaped.
    enum ServeClients {
        struct DescriptorRun {
            var loggedBeforeRecovery: Bool
            var response: String
            var responseTime: Duration
            /// The time of one more request right after, when nothing is left to recover from.
            var controlTime: Duration
            var stderr: String
            var ending: SpawnedChild.Ending
        }

        struct ThreadRun {
            var loggedBeforeStop: Bool
            var earlyAnswers: [String]
            var ending: SpawnedChild.Ending
            var openAfterStop: Int
            var stderr: String
        }

        struct TrickleRun {
            var fifth: String
            var fifthTime: Duration
            var cutOff: [(after: Duration, response: String)]
            var afterwards: String
            var ending: SpawnedChild.Ending
        }

        /// `serve` with 64 descriptors: one request to warm it up (the fixtures load on first use,
        /// which must not count as recovery time), then 100 connections, closed once it has
        /// logged, then the timed request and a control request to compare it with (a loaded
        /// machine slows both alike).
        static func exhaustDescriptors(prlimit: String) throws -> DescriptorRun {
            let server = try ServeChild(wrapper: [prlimit, "--nofile=64:64", "--"])
            _ = try LoopbackSocket.get(ServeFaultTests.request, port: server.port, timeout: .seconds(30))
            var clients = try (0..<100).map { _ in try LoopbackSocket(port: server.port) }
            let logged = server.waitForStderr(containing: ServeFaultTests.acceptTrouble, timeout: .seconds(5))
            clients.removeAll()
            let started = ContinuousClock.now
            let response = try LoopbackSocket.get(ServeFaultTests.request, port: server.port, timeout: .seconds(15))
            let responseTime = ContinuousClock.now - started
            let controlStarted = ContinuousClock.now
            _ = try LoopbackSocket.get(ServeFaultTests.request, port: server.port, timeout: .seconds(15))
            let controlTime = ContinuousClock.now - controlStarted
            let ending = try server.terminate(timeout: .seconds(5))
            return DescriptorRun(
                loggedBeforeRecovery: logged, response: response, responseTime: responseTime, controlTime: controlTime,
                stderr: server.stderr, ending: ending)
        }

        /// `serve` under `wrapper` (a thread limit): 100 idle connections, then SIGTERM.
        static func exhaustThreads(wrapper: [String]) throws -> ThreadRun {
            let server = try ServeChild(wrapper: wrapper)
            let clients = try (0..<100).map { _ in try LoopbackSocket(port: server.port) }
            let logged = server.waitForStderr(containing: ServeFaultTests.threadTrouble, timeout: .seconds(5))
            let early = clients.filter(\.hasInput).map { $0.readToEnd(before: .now + .seconds(2)).text }
            let ending = try server.terminate(timeout: .seconds(5))
            let open = clients.filter { !$0.readToEnd(before: .now + .milliseconds(100)).closed }.count
            return ThreadRun(loggedBeforeStop: logged, earlyAnswers: early, ending: ending, openAfterStop: open, stderr: server.stderr)
        }

        /// `serve --max-connections 4 --request-timeout 2`: four clients sending a byte of a request
        /// every 200 ms, a fifth with a whole request once they are in, then a request after them.
        static func trickle() throws -> TrickleRun {
            let server = try ServeChild(arguments: ["--max-connections", "4", "--request-timeout", "2"])
            let request = Array("GET \(ServeFaultTests.request) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let started = ContinuousClock.now
            let slow = try (0..<4).map { _ in try LoopbackSocket(port: server.port) }
            var cutOff: [Int: (after: Duration, response: String)] = [:]
            var fifth: (response: String, time: Duration)?
            var sent = 0
            while cutOff.count < slow.count && ContinuousClock.now - started < .seconds(6) {
                for (index, client) in slow.enumerated() where cutOff[index] == nil {
                    if client.hasInput {
                        let response = client.readToEnd(before: .now + .seconds(1)).text
                        cutOff[index] = (ContinuousClock.now - started, response)
                        client.close()
                    } else if sent < request.count {
                        client.send(String(request[sent]))
                    }
                }
                sent += 1
                if fifth == nil && sent == 3 {
                    let before = ContinuousClock.now
                    let response = try LoopbackSocket.get(ServeFaultTests.request, port: server.port, timeout: .seconds(1))
                    fifth = (response, ContinuousClock.now - before)
                }
                usleep(200_000)
            }
            // The slow clients' threads end once they see the clients close.
            usleep(200_000)
            let afterwards = try LoopbackSocket.get(ServeFaultTests.request, port: server.port, timeout: .seconds(5))
            let ending = try server.terminate(timeout: .seconds(5))
            return TrickleRun(
                fifth: fifth?.response ?? "", fifthTime: fifth?.time ?? .seconds(99), cutOff: Array(cutOff.values),
                afterwards: afterwards, ending: ending)
        }

        /// Whether this test process can run `serve` as user 65534 under limits: it is root, has
        /// `setpriv` and `prlimit`, and that user can run the built program.
        /// `setpriv` as user 65534 allowed 30 processes or threads, then the program: what the thread test runs.
        static let asAnotherUserWithFewThreads: [String]? = {
            guard getuid() == 0, let setpriv = SpawnedChild.systemTool("setpriv"), let prlimit = SpawnedChild.systemTool("prlimit") else {
                return nil
            }
            return [setpriv.path, "--reuid=65534", "--regid=65534", "--clear-groups", prlimit.path, "--nproc=30", "--"]
        }()

        /// Whether the program runs under `asAnotherUserWithFewThreads`, probed with exactly that
        /// wrapper: a clone in a folder user 65534 may not enter (a `mktemp -d` folder, /root) cannot.
        static let canRunAsAnotherUser: Bool = {
            guard let wrapper = asAnotherUserWithFewThreads, let program = try? SpawnedChild.program() else { return false }
            let arguments = Array(wrapper.dropFirst()) + [program.path(percentEncoded: false), "--version"]
            let tool = URL(fileURLWithPath: wrapper[0])
            guard let probe = try? SpawnedChild(tool, arguments, stderrFile: URL(fileURLWithPath: "/dev/null")) else { return false }
            return (try? probe.wait(timeout: .seconds(10))) == .exited(0)
        }()
    }
#endif
