#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The singles one container is building, who waits for each, and which chain waits for which.
///
/// Each single coordinates its own first build: a resolve claims it (and builds it) or waits for
/// the build under way, so unrelated singles build side by side and only a single's own
/// concurrent resolutions wait for it. A wait that would close a loop (the build waited for
/// waits, through others, for the waiter's own chain) is a cycle, thrown with its path instead
/// of waiting for ever. A synchronous waiter blocks on the lock's condition; an async one
/// suspends, and is released with `CancellationError` when its task is cancelled.
// @unchecked Sendable: every stored property is read and written only while holding `lock`.
final class BuildCoordinator: @unchecked Sendable {  // Safe: see above.
    /// One first build under way.
    // @unchecked Sendable: its variables are read and written only under the coordinator's lock.
    final class Build: @unchecked Sendable {  // Safe: see above.
        let key: RegistrationKey
        /// The chain the builder runs in.
        let owner = BuildChain()
        /// The thread a synchronous builder runs on; nil for an async one.
        let thread: pthread_t?
        var finished = false
        /// Cancelled when its last waiter left: a new resolve starts a build of its own.
        var abandoned = false
        var failure: (any Error)?
        /// How many resolves wait for this build, the one that started an async build included.
        var waiters = 0
        /// The task running an async builder.
        var task: Task<Void, Never>?
        var continuations: [Int: CheckedContinuation<Void, any Error>] = [:]
        /// Waiters cancelled before their continuation was stored.
        var cancelled: Set<Int> = []

        init(key: RegistrationKey, thread: pthread_t?) {
            self.key = key
            self.thread = thread
        }
    }

    /// What a resolve of an unbuilt single does.
    enum Claim {
        /// It was built meanwhile: read it.
        case built
        /// Build it (a synchronous single) or wait for it (an async one, whose task has started).
        case mine(Build)
        /// Wait for the build under way.
        case wait(Build)
    }

    private let lock = ConditionLock()
    private var builds: [ObjectIdentifier: Build] = [:]
    /// The singles each chain waits for (or builds below it).
    private var waits: [ObjectIdentifier: [ObjectIdentifier]] = [:]
    private var lastWaiter = 0

    /// For `chain`, which resolves `entry`: built, its own build, or a build to wait for. An async
    /// build's task is made by `start` and counts `chain` as a waiter. Throws the cycle.
    func claim(
        _ entry: any AnyEntry, by chain: BuildChain, isBuilt: () -> Bool, start: ((Build) -> Task<Void, Never>)? = nil
    ) throws -> Claim {
        try lock.locked {
            if isBuilt() { return .built }
            let id = ObjectIdentifier(entry)
            if let build = builds[id], !build.abandoned {
                if let thread = build.thread, pthread_equal(thread, pthread_self()) != 0 {
                    throw ResolutionFailure(path: [build.key], reason: .cycle)
                }
                if let cycle = path(from: build, to: chain, seen: []) { throw ResolutionFailure(path: cycle, reason: .cycle) }
                waits[ObjectIdentifier(chain), default: []].append(id)
                build.waiters += 1
                return .wait(build)
            }
            let build = Build(key: entry.key, thread: start == nil ? pthread_self() : nil)
            builds[id] = build
            waits[ObjectIdentifier(chain), default: []].append(id)
            if let start {
                build.waiters = 1
                build.task = start(build)
            }
            return .mine(build)
        }
    }

    /// `build` of `entry` has ended, with `failure` or with its instance published: its waiters
    /// go on. `parent`, the chain that built it synchronously, waits for it no longer.
    func finish(_ build: Build, of entry: any AnyEntry, failure: (any Error)?, parent: BuildChain?) {
        lock.locked {
            let id = ObjectIdentifier(entry)
            if builds[id] === build { builds[id] = nil }
            build.finished = true
            build.failure = failure
            for continuation in build.continuations.values {
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume() }
            }
            build.continuations = [:]
            if let parent { stopWaiting(parent, for: id) }
            lock.broadcast()
        }
    }

    /// Blocks until `build` ends; throws its failure.
    func waitSynchronously(for build: Build, of entry: any AnyEntry, by chain: BuildChain) throws {
        try lock.locked {
            while !build.finished { lock.wait() }
            _ = leave(build, of: ObjectIdentifier(entry), by: chain)
            if let failure = build.failure { throw failure }
        }
    }

    /// Suspends until `build` ends (throwing its failure) or this task is cancelled (throwing
    /// `CancellationError`); the last waiter to leave an unfinished async build cancels it.
    func wait(for build: Build, of entry: any AnyEntry, by chain: BuildChain) async throws {
        let id = ObjectIdentifier(entry)
        let waiter = lock.locked {
            lastWaiter += 1
            return lastWaiter
        }
        // The task is cancelled after the lock is released: its cancellation handlers take it.
        defer { lock.locked { leave(build, of: id, by: chain) }?.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.locked {
                    if build.finished {
                        if let failure = build.failure { continuation.resume(throwing: failure) } else { continuation.resume() }
                    } else if build.cancelled.remove(waiter) != nil {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        build.continuations[waiter] = continuation
                    }
                }
            }
        } onCancel: {
            lock.locked {
                if let continuation = build.continuations.removeValue(forKey: waiter) {
                    continuation.resume(throwing: CancellationError())
                } else if !build.finished {
                    build.cancelled.insert(waiter)
                }
            }
        }
    }

    /// `chain` waits for `build` no longer; call it holding the lock. Returns the task of an
    /// async build no one waits for any more, for the caller to cancel once it has let go.
    private func leave(_ build: Build, of id: ObjectIdentifier, by chain: BuildChain) -> Task<Void, Never>? {
        stopWaiting(chain, for: id)
        build.waiters -= 1
        guard build.waiters == 0 && !build.finished, let task = build.task else { return nil }
        build.abandoned = true
        return task
    }

    private func stopWaiting(_ chain: BuildChain, for id: ObjectIdentifier) {
        let key = ObjectIdentifier(chain)
        guard let index = waits[key]?.firstIndex(of: id) else { return }
        waits[key]?.remove(at: index)
        if waits[key]?.isEmpty == true { waits[key] = nil }
    }

    /// The keys from `build` along the waits of its chain to a build `chain` owns, if any.
    private func path(from build: Build, to chain: BuildChain, seen: Set<ObjectIdentifier>) -> [RegistrationKey]? {
        if build.owner === chain { return [build.key] }
        let owner = ObjectIdentifier(build.owner)
        guard !seen.contains(owner) else { return nil }
        for id in waits[owner] ?? [] {
            if let next = builds[id], let rest = path(from: next, to: chain, seen: seen.union([owner])) { return [build.key] + rest }
        }
        return nil
    }
}
