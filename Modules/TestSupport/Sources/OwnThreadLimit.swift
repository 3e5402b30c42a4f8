import Foundation

/// How many tests run on threads of their own at once: four times the cores, at least four, or
/// `EXCELSIOR_TEST_THREADS`. Tests that wait do not hold the shared threads, so nothing else
/// bounds them: without a limit every such test would start at once (dozens of compilers and
/// servers on two cores), and the time-outs they test would measure the crowd.
actor OwnThreadLimit {
    /// The one limit of the test process.
    static let shared = OwnThreadLimit(
        width: ProcessInfo.processInfo.environment["EXCELSIOR_TEST_THREADS"].flatMap { Int($0) }.map { max(1, $0) }
            ?? max(4, 4 * ProcessInfo.processInfo.activeProcessorCount))

    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        self.width = width
    }

    /// Returns once fewer than `width` tests hold a place, taking one; suspends meanwhile.
    func acquire() async {
        if running < width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a place back, to the longest waiting test if any.
    func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
