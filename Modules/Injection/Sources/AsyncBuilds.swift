/// The async singles one container is building, and which of those builds wait on which.
///
/// One task builds each async single; everyone else who resolves it meanwhile awaits that task.
/// A build that waits on another is recorded, all on this actor, so a build that would wait
/// (through others) on itself is a cycle, reported with its path instead of waiting forever.
/// The waits never form a loop, so following them always ends. Only first builds come here.
/// An actor, not a `Mutex`: ThreadSanitizer cannot see a contended `Mutex` hand over on Linux.
actor AsyncBuilds {
    /// One build under way: its key, its task, and the builds it is waiting on.
    private struct Build {
        let key: RegistrationKey
        let task: Task<Void, any Error>
        var waitingOn: [ObjectIdentifier] = []
    }

    private var builds: [ObjectIdentifier: Build] = [:]

    /// The task building `entry` for `waiter` (the async single whose build asks, if any) to
    /// await: the one under way, else a new one from `start`; nil once `isBuilt()`. Throws the
    /// cycle when that build waits, through others, on `waiter`'s own.
    func join(
        _ entry: any AnyEntry, waiter: (any AnyEntry)?, isBuilt: @Sendable () -> Bool, start: @Sendable () -> Task<Void, any Error>
    ) throws -> Task<Void, any Error>? {
        if isBuilt() { return nil }
        let id = ObjectIdentifier(entry)
        if let waiter, let cycle = Self.waits(from: id, to: ObjectIdentifier(waiter), in: builds) {
            throw ResolutionFailure(path: cycle, reason: .tooDeep)
        }
        if builds[id] == nil { builds[id] = Build(key: entry.key, task: start()) }
        if let waiter { builds[ObjectIdentifier(waiter)]?.waitingOn.append(id) }
        return builds[id]?.task
    }

    /// `waiter`'s build waits on `entry`'s no longer.
    func stopWaiting(_ waiter: (any AnyEntry)?, on entry: any AnyEntry) {
        guard let waiter, let index = builds[ObjectIdentifier(waiter)]?.waitingOn.firstIndex(of: ObjectIdentifier(entry)) else { return }
        builds[ObjectIdentifier(waiter)]?.waitingOn.remove(at: index)
    }

    /// `entry`'s build has ended: stored or failed.
    func finish(_ entry: any AnyEntry) {
        builds[ObjectIdentifier(entry)] = nil
    }

    /// The keys from `start` along the waits to `target`, if `start`'s build is `target`'s or
    /// waits on it through others.
    private static func waits(
        from start: ObjectIdentifier, to target: ObjectIdentifier, in builds: [ObjectIdentifier: Build]
    ) -> [RegistrationKey]? {
        guard let build = builds[start] else { return nil }
        if start == target { return [build.key] }
        for next in build.waitingOn {
            if let rest = waits(from: next, to: target, in: builds) { return [build.key] + rest }
        }
        return nil
    }
}
