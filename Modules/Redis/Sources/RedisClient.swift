/// A RESP2 client for one Redis server: commands one at a time or pipelined, over a small pool
/// of connections that is safe to use from any number of tasks and threads at once.
///
/// Calls block the calling thread until the reply arrives or a time-out passes (caches are
/// synchronous). Nothing connects until the first command. Connection failures throw
/// `RedisError` and the next call reconnects (see `RedisConfiguration.retryDelay`).
public final class RedisClient: Sendable {
    /// Where the server is and how long to wait for it.
    public let configuration: RedisConfiguration
    private let pool: RedisConnectionPool

    /// A client for the server `configuration` names.
    public init(configuration: RedisConfiguration) {
        self.configuration = configuration
        pool = RedisConnectionPool(configuration: configuration)
    }

    /// A client for the server `url` names (`redis://[user:password@]host:port[/db]`).
    public convenience init(url: String) throws(RedisError) {
        self.init(configuration: try RedisConfiguration(url: url))
    }

    /// The reply to `command`; an error reply throws `RedisError.server` with the server's text.
    public func send(_ command: RedisCommand) throws(RedisError) -> RedisReply {
        let reply = try pool.execute([command])[0]
        if let message = reply.errorText { throw .server(message) }
        return reply
    }

    /// The replies to `commands`, written together and read in order (pipelining): one round
    /// trip for the lot. Every reply is read; then the first error reply, if any, throws.
    public func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RedisReply] {
        let replies = try replies(to: commands)
        if let message = replies.lazy.compactMap(\.errorText).first { throw .server(message) }
        return replies
    }

    /// The replies to `commands`, pipelined as `pipeline` does, with error replies returned in
    /// their places rather than thrown.
    public func replies(to commands: [RedisCommand]) throws(RedisError) -> [RedisReply] {
        guard !commands.isEmpty else { return [] }
        return try pool.execute(commands)
    }

    /// The replies to `commands`, pipelined, error replies among them, refusing from its length
    /// alone a bulk string over `maxValueLength` bytes (`RedisError.valueTooLarge`, unread: the
    /// connection that held it is closed).
    func replies(to commands: [RedisCommand], maxValueLength: Int) throws(RedisError) -> [RedisReply] {
        try pool.execute(commands, maxValueLength: maxValueLength)
    }

    /// Closes the idle connections (the next command opens a new one).
    public func disconnect() {
        pool.closeIdleConnections()
    }
}
