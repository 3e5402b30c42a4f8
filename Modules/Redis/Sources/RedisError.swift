/// What went wrong talking to Redis, with enough detail for a person to act on it.
public enum RedisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text given as a Redis URL is not one; `reason` says what is wrong. The text is quoted
    /// with its password masked (`RedisConfiguration.redacted`).
    case invalidURL(String, reason: String)
    /// No server accepted a connection at `endpoint` (`host:port`); `reason` is the system's.
    case connectionRefused(endpoint: String, reason: String)
    /// The server at `endpoint` did not finish `operation` (connect, read, write) within `seconds`.
    case timedOut(endpoint: String, operation: String, seconds: Double)
    /// The server at `endpoint` closed the connection, or a socket call failed, mid-command.
    case connectionLost(endpoint: String, reason: String)
    /// The server sent bytes that are not RESP: `reason`, at byte `position` of the reply stream.
    case protocolError(position: Int, reason: String)
    /// The server answered with an error: its text, such as `WRONGTYPE …` or `NOPERM …`.
    case server(String)
    /// The server answered `command` with a reply of a kind the command never returns.
    case unexpectedReply(command: String, reply: String)
    /// The server announced a value of `bytes` bytes where at most `limit` were wanted; it was not
    /// read, and the connection that held it was closed.
    case valueTooLarge(bytes: Int, limit: Int)

    /// A one-line message naming the server, the operation and the reason.
    public var description: String {
        switch self {
        case .invalidURL(let text, let reason):
            "'\(RedisConfiguration.redacted(text))' is not a Redis URL (redis://[user:password@]host:port[/db]): \(reason)"
        case .connectionRefused(let endpoint, let reason):
            "cannot connect to Redis at \(endpoint): \(reason)"
        case .timedOut(let endpoint, let operation, let seconds):
            "Redis at \(endpoint) did not answer (\(operation)) within \(seconds.formatted()) s"
        case .connectionLost(let endpoint, let reason):
            "lost the connection to Redis at \(endpoint): \(reason)"
        case .protocolError(let position, let reason):
            "Redis sent a malformed reply at byte \(position): \(reason)"
        case .server(let message):
            "Redis answered an error: \(message)"
        case .unexpectedReply(let command, let reply):
            "Redis answered \(command) with an unexpected \(reply)"
        case .valueTooLarge(let bytes, let limit):
            "Redis sent a value of \(bytes) bytes, over the limit of \(limit)"
        }
    }

    /// Whether the server refused the login: `NOAUTH` (a password is needed), `WRONGPASS`, or an
    /// `AUTH` the server does not take (it has no password set): the credentials are wrong.
    public var isLoginRefused: Bool {
        guard case .server(let message) = self else { return false }
        return ["NOAUTH", "WRONGPASS", "ERR AUTH", "ERR invalid password", "ERR Client sent AUTH"].contains { message.hasPrefix($0) }
    }

    /// Whether the server refused the database number the URL names (`SELECT` out of range): a
    /// setting is wrong.
    public var isDatabaseRefused: Bool {
        guard case .server(let message) = self else { return false }
        return message.hasPrefix("ERR DB index") || message.hasPrefix("ERR invalid DB index") || message.hasPrefix("ERR SELECT")
    }

    /// Whether the error is about the connection (the server down, unreachable or gone), not a
    /// reply: a pool drops the connection, and a fresh one may succeed.
    public var isConnectionFailure: Bool {
        switch self {
        case .connectionRefused, .timedOut, .connectionLost, .protocolError: true
        case .invalidURL, .server, .unexpectedReply, .valueTooLarge: false
        }
    }
}

extension Double {
    /// The number without a trailing `.0`, for messages.
    fileprivate func formatted() -> String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
