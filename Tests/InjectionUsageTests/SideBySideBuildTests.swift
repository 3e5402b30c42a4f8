import Foundation
import Injection
import Testing

/// Two unrelated types, each slow to build.
final class Slow1: Sendable {}
final class Slow2: Sendable {}
/// Built by a builder that waits on another thread.
final class Waiting: Sendable {}

/// Each single coordinates its own build: unrelated singles build side by side, and only a
/// single's own concurrent resolutions wait for it.
@Suite struct SideBySideBuildTests {
    @Test func twoUnrelatedSinglesFromTwoThreadsBuildSideBySide() async throws {
        // Each builder waits (10 s at most) until the other has started: under one build lock
        // for all singles, the second could not start until the first ended.
        let first = Latch()
        let second = Latch()
        let container = try Container(
            Component {
                single { () -> Slow1 in
                    first.open()
                    #expect(second.wait(seconds: 10), "Slow2 did not start while Slow1 was building")
                    return Slow1()
                }
                single { () -> Slow2 in
                    second.open()
                    #expect(first.wait(seconds: 10), "Slow1 did not start while Slow2 was building")
                    return Slow2()
                }
            })
        async let one = onThread { _ = try container.resolve(Slow1.self) }
        async let two = onThread { _ = try container.resolve(Slow2.self) }
        _ = try await (one, two)
    }

    @Test func aBuilderWaitingOnAThreadThatResolvesAnUnrelatedSingleDoesNotDeadlock() async throws {
        let late = Late()
        let container = try Container(
            Component {
                single { Slow1() }
                single { () -> Waiting in
                    // As `DispatchQueue.main.sync { … }` does, when the main thread resolves.
                    let done = Latch()
                    let other = Thread {
                        _ = try? late.container.resolve(Slow1.self)
                        done.open()
                    }
                    other.start()
                    done.wait()
                    return Waiting()
                }
            })
        late.set(container)
        _ = try await onThread { try container.resolve(Waiting.self) }
        let first: Slow1 = try await onThread { try container.resolve() }
        let again: Slow1 = try await onThread { try container.resolve() }
        #expect(first === again)
    }

    @Test func asyncWaitersForABuildSuspendInsteadOfBlockingThreadsOfThePool() async throws {
        let building = Latch()
        let release = Latch()
        let container = try Container(
            Component {
                single { () -> Slow1 in
                    building.open()
                    release.wait()
                    return Slow1()
                }
            })
        let builder = Task { try await onThread { try container.resolve(Slow1.self) } }
        _ = try await onThread { building.wait() }
        // More waiters than the pool has threads: blocked, they would leave none for the probe.
        let waiters = (0..<(2 * ProcessInfo.processInfo.activeProcessorCount + 4)).map { _ in
            Task { try await container.async.resolve(Slow1.self) }
        }
        // Blocked waiters would hold every thread of the pool until the build ends: the probe
        // would then run only after this thread releases the build.
        let released = Counter()
        Thread {
            Thread.sleep(forTimeInterval: 10)
            if released.tick() == 1 { release.open() }
        }.start()
        try await Task.sleep(for: .milliseconds(200))
        let ranBeforeRelease = await Task.detached { released.count == 0 }.value
        #expect(ranBeforeRelease)
        if released.tick() == 1 { release.open() }
        let built = try await builder.value
        for waiter in waiters { #expect(try await waiter.value === built) }
    }

    @Test func aSingleIsBuiltOnceWhenItsResolverIsHandedToOtherThreads() async throws {
        let builds = Counter()
        let container = try Container(
            Component {
                single { () -> Slow1 in
                    builds.tick()
                    Thread.sleep(forTimeInterval: 0.05)
                    return Slow1()
                }
                single { resolver -> Waiting in
                    let threads = 8
                    let done = Counter()
                    let all = Latch()
                    for _ in 0..<threads {
                        Thread {
                            _ = try? resolver(Slow1.self)
                            if done.tick() == threads { all.open() }
                        }.start()
                    }
                    all.wait()
                    return Waiting()
                }
            })
        _ = try await onThread { try container.resolve(Waiting.self) }
        #expect(builds.count == 1)
    }

    @Test func manyThreadsAndTasksResolvingOneSingleBuildItOnce() async throws {
        let builds = Counter()
        let container = try Container(
            Component {
                single { () -> Slow1 in
                    builds.tick()
                    Thread.sleep(forTimeInterval: 0.05)
                    return Slow1()
                }
            })
        async let fromThreads = onThread {
            let done = Counter()
            let all = Latch()
            for _ in 0..<8 {
                Thread {
                    _ = try? container.resolve(Slow1.self)
                    if done.tick() == 8 { all.open() }
                }.start()
            }
            all.wait()
        }
        let fromTasks = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 { group.addTask { ObjectIdentifier(try await container.async.resolve(Slow1.self)) } }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        try await fromThreads
        #expect(fromTasks.count == 1)
        #expect(builds.count == 1)
    }
}
