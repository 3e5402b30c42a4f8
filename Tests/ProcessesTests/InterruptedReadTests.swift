import Foundation
import Processes
import Synchronization
import TestSupport
import Testing

/// Signals with a handler installed without `SA_RESTART` make blocking calls fail with `EINTR`,
/// which traps Foundation's `readDataToEndOfFile()` on Linux; a run must ride them out.
@Suite struct InterruptedReadTests {
    @Test func aRunCompletesWhileSignalsInterruptItsReadsAndWaits() async throws {
        Interruptions.install()
        let lines = (1...20).map { "\($0)\n" }.joined()
        let (result, plainReadInterrupted) = try await onOwnThread { () -> (ChildProcess.Result, Bool) in
            let signaller = Interruptions.Signaller()
            defer { signaller.stop() }
            // The control: a plain read that nothing answers (for 5 s at most) is interrupted,
            // so the run below meets interrupted calls too.
            let interrupted = Interruptions.plainReadIsInterrupted()
            let run = try ChildProcess.run(["sh", "-c", "for i in $(seq 1 20); do echo $i; sleep 0.02; done"])
            return (run, interrupted)
        }
        #expect(plainReadInterrupted)
        #expect(result.termination == .exited(0))
        #expect(result.outputText == lines)
    }

    @Test func pipeReaderReadsToTheEndThroughInterruptions() async throws {
        Interruptions.install()
        let text = try await onOwnThread { () -> String in
            let signaller = Interruptions.Signaller()
            defer { signaller.stop() }
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { return "" }
            let writer = descriptors[1]
            Thread {
                for index in 0..<50 {
                    usleep(2_000)
                    _ = "\(index),".utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
                }
                close(writer)
            }.start()
            defer { close(descriptors[0]) }
            return String(decoding: try PipeReader.readToEnd(descriptors[0]), as: UTF8.self)
        }
        #expect(text == (0..<50).map { "\($0)," }.joined())
    }
}

/// A SIGUSR2 handler that does nothing but interrupt, installed once for the test process.
enum Interruptions {
    private static let installed = Mutex(false)

    static func install() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            var action = sigaction()
            #if os(Linux)
                action.__sigaction_handler.sa_handler = { _ in }
            #else
                action.__sigaction_u.__sa_handler = { _ in }
            #endif
            action.sa_flags = 0  // no SA_RESTART: blocking calls fail with EINTR
            sigemptyset(&action.sa_mask)
            sigaction(SIGUSR2, &action, nil)
        }
    }

    /// Whether a read on a socket nothing writes to fails with EINTR before its 5 s time-out.
    static func plainReadIsInterrupted() -> Bool {
        var pair: [Int32] = [-1, -1]
        #if os(Linux)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, stream, 0, &pair) == 0 else { return false }
        defer { for descriptor in pair { close(descriptor) } }
        var patience = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(pair[0], SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        return read(pair[0], &byte, 1) < 0 && errno == EINTR
    }

    /// Sends SIGUSR2 to the thread that made it every half millisecond until stopped.
    final class Signaller: Sendable {
        private let running = Atomic(true)
        private let finished = DispatchSemaphore(value: 0)

        /// Signals the calling thread, after unblocking SIGUSR2 on it (threads started from
        /// Swift concurrency's shared threads inherit a mask that blocks every signal).
        init() {
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            let target = pthread_self()
            Thread { [self] in
                while running.load(ordering: .relaxed) {
                    pthread_kill(target, SIGUSR2)
                    usleep(500)
                }
                finished.signal()
            }.start()
        }

        /// Stops signalling and returns once no further signal can be sent.
        func stop() {
            running.store(false, ordering: .relaxed)
            finished.wait()
        }
    }
}
