import Testing

/// Runs each test on a thread of its own (a `ThreadExecutor`), not on the few threads Swift
/// concurrency shares (two on a 2-core machine). Give it to every suite or test that waits:
/// for a child process, a server it starts, a database lock, a pipe, a sleep. Tests run in
/// parallel, and one that blocks a shared thread starves every other test's tasks.
///
/// At most `OwnThreadLimit`'s number of such tests run at once (four times the cores;
/// `EXCELSIOR_TEST_THREADS=N` to change it); the others wait for a place without a thread.
///
/// Child tasks a test starts (`async let`, task groups) inherit the thread, so a test of
/// concurrency that races tasks should run its racers with `Task.detached`, or go without it.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Runs each test case on a `ThreadExecutor` of its own, with no more at once than `OwnThreadLimit` allows.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }  // a suite, or a function around its cases
        await OwnThreadLimit.shared.acquire()
        let executor = ThreadExecutor()
        var failure: (any Error)?
        do {
            try await withTaskExecutorPreference(executor) { try await function() }
        } catch {
            failure = error
        }
        executor.finish()
        await OwnThreadLimit.shared.release()
        if let failure { throw failure }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test runs on a thread of its own: see `OwnThreadTrait`.
    public static var onOwnThread: Self { Self() }
}
