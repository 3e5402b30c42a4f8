import Foundation
import TestSupport
import Testing

@Suite struct OwnThreadTraitTests {
    @Test(.onOwnThread) func aTestWithTheTraitRunsOnAThreadOfItsOwn() async {
        #expect(ThreadExecutor.isCurrent)
        let before = pthread_self()
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(5))
        #expect(pthread_equal(before, pthread_self()) != 0, "it resumes on the same thread")
        #expect(ThreadExecutor.isCurrent)
    }

    @Test(.onOwnThread) func aSynchronousTestRunsThereToo() {
        #expect(ThreadExecutor.isCurrent)
    }

    @Test func aTestWithoutItRunsOnTheSharedPool() {
        #expect(!ThreadExecutor.isCurrent)
    }
}

/// Parameterized tests run each case on a thread of their own, more cases than the limit has places.
@Suite(.onOwnThread) struct OwnThreadTraitCaseTests {
    @Test(arguments: 0..<20)
    func everyCaseRunsOnAThreadOfItsOwn(index: Int) async throws {
        #expect(ThreadExecutor.isCurrent)
        try await Task.sleep(for: .milliseconds(10))
        #expect(ThreadExecutor.isCurrent)
    }
}
