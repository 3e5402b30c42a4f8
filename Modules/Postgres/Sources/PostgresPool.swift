import Dispatch
import Synchronization

/// At most `configuration.poolSize` connections to one server, opened when first needed and
/// lent to one caller at a time; a connection found broken is closed and replaced by a new one.
public final class PostgresPool: Sendable {
    /// The server and the time-outs every connection uses.
    public let configuration: PostgresConfiguration
    private let idle = Mutex<[Idle]>([])
    private let slots: DispatchSemaphore

    /// A pool for `configuration`, holding no connection yet.
    public init(configuration: PostgresConfiguration) {
        self.configuration = configuration
        slots = DispatchSemaphore(value: max(1, configuration.poolSize))
    }

    /// Runs `body` with a connection of the pool, waiting up to the connect time-out for one to
    /// be free; throws `timeout` when none is, and the connection's errors.
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let patience = configuration.connectTimeoutInForce
        guard slots.wait(timeout: .now() + Double(PostgresConfiguration.milliseconds(patience)) / 1000) == .success else {
            throw PostgresError(
                kind: .timeout, message: "all \(configuration.poolSize) connections stayed busy for \(patience)",
                target: configuration.target)
        }
        defer { slots.signal() }
        let connection = try take()
        defer { giveBack(connection) }
        return try body(connection)
    }

    /// How many connections wait idle in the pool.
    public var idleCount: Int { idle.withLock { $0.count } }

    /// An idle connection that is not broken, or a new one.
    private func take() throws(PostgresError) -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() })?.connection {
            connection.refresh()
            if !connection.isBroken { return connection }
        }
        return try PostgresConnection(configuration: configuration)
    }

    /// Keeps `connection` for the next caller, unless it is broken or left inside a transaction.
    private func giveBack(_ connection: PostgresConnection) {
        guard !connection.isBroken, !connection.isInTransaction else { return }
        idle.withLock { $0.append(Idle(connection: connection)) }
    }

    /// A connection no caller holds.
    // @unchecked: a connection is not thread-safe, but one in the idle list is used by nobody:
    // `take` removes it under the lock before lending it to one caller, and that caller hands it
    // back only when done with it.
    private struct Idle: @unchecked Sendable {  // Safe: see above.
        let connection: PostgresConnection
    }
}
