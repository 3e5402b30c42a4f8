import Synchronization

/// A few connections to one server, reused across calls and tasks.
///
/// A call takes an idle connection or opens a new one, and gives it back afterwards unless it
/// broke; at most `poolCapacity` idle connections are kept. After a failed connect, calls fail
/// at once with that failure for `retryDelay`, then the next call tries again: this is how the
/// client reconnects after the server restarts, without a time-out per call while it is down.
final class RedisConnectionPool: Sendable {
    let configuration: RedisConfiguration
    private let state = Mutex(State())

    private struct State {
        var idle: [RedisConnection] = []
        var failedConnect: (error: RedisError, until: ContinuousClock.Instant)?
    }

    init(configuration: RedisConfiguration) {
        self.configuration = configuration
    }

    /// The replies to `commands`, sent on one connection in one write. A command that fails on a
    /// reused connection because the server closed it (it restarted) is sent once more on a new
    /// connection: the commands this client sends may be repeated safely. A bulk string longer
    /// than `maxValueLength` throws `valueTooLarge` unread (and the connection is closed).
    func execute(_ commands: [RedisCommand], maxValueLength: Int? = nil) throws(RedisError) -> [RedisReply] {
        let (connection, reused) = try checkOut()
        do throws(RedisError) {
            let replies = try connection.execute(commands, maxValueLength: maxValueLength)
            checkIn(connection)
            return replies
        } catch {
            guard reused, case .connectionLost = error else { throw error }
            let stale = state.withLock { state in
                defer { state.idle.removeAll() }
                return state.idle
            }
            for connection in stale { connection.close() }
            let fresh = try connect()
            let replies = try fresh.execute(commands, maxValueLength: maxValueLength)
            checkIn(fresh)
            return replies
        }
    }

    /// Closes every idle connection.
    func closeIdleConnections() {
        let idle = state.withLock { state in
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { connection.close() }
    }

    private func checkOut() throws(RedisError) -> (RedisConnection, reused: Bool) {
        let now = ContinuousClock.now
        let taken = try state.withLock { state throws(RedisError) -> RedisConnection? in
            if let connection = state.idle.popLast() { return connection }
            if let failed = state.failedConnect, now < failed.until { throw failed.error }
            return nil
        }
        if let taken { return (taken, true) }
        return (try connect(), false)
    }

    private func connect() throws(RedisError) -> RedisConnection {
        do throws(RedisError) {
            let connection = try RedisConnection(configuration: configuration)
            state.withLock { $0.failedConnect = nil }
            return connection
        } catch {
            if error.isConnectionFailure {
                let until = ContinuousClock.now.advanced(by: configuration.retryDelay)
                state.withLock { $0.failedConnect = (error, until) }
            }
            throw error
        }
    }

    private func checkIn(_ connection: RedisConnection) {
        guard !connection.isBroken else { return }
        let kept = state.withLock { state in
            guard state.idle.count < configuration.poolCapacity else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close() }
    }
}
