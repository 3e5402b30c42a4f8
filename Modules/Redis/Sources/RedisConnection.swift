import Synchronization

/// One TCP connection to a Redis server, logged in and on its database: it sends commands
/// (several at once, pipelined) and reads their replies in order.
///
/// A connection that fails in any way (time-out, lost, malformed reply) closes itself and is
/// broken for good, since its stream can no longer be trusted to be in step with its commands.
/// The lock makes each exchange exclusive, so a connection is safe to share, although a pool
/// hands it to one caller at a time.
final class RedisConnection: Sendable {
    let configuration: RedisConfiguration
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        /// Bytes received and not yet parsed start at `start`.
        var buffer: [UInt8] = []
        var start = 0
        /// The position in the reply stream of `buffer[0]`, for protocol errors.
        var streamOffset = 0
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var isBroken = false

        /// Drops the parsed bytes from the front of the buffer once they are at least half of it.
        mutating func compact() {
            guard start > 0, start * 2 >= buffer.count else { return }
            streamOffset += start
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// Connects to the configured server, then sends `AUTH` and `SELECT` as configured.
    init(configuration: RedisConfiguration) throws(RedisError) {
        self.configuration = configuration
        let descriptor = try RedisSocket.makeConnection(
            host: configuration.host, port: configuration.port, timeout: configuration.connectTimeout, endpoint: configuration.endpoint)
        state = Mutex(State(descriptor: descriptor))
        var handshake: [RedisCommand] = []
        if let password = configuration.password {
            handshake.append(configuration.user.map { RedisCommand("AUTH", $0, password) } ?? RedisCommand("AUTH", password))
        }
        if configuration.database != 0 {
            handshake.append(RedisCommand("SELECT", String(configuration.database)))
        }
        guard !handshake.isEmpty else { return }
        let replies = try execute(handshake, timeout: configuration.connectTimeout)
        if let message = replies.lazy.compactMap(\.errorText).first {
            close()
            throw .server(message)
        }
    }

    deinit {
        close()
    }

    /// Whether the connection failed and was closed.
    var isBroken: Bool {
        state.withLock { $0.isBroken }
    }

    /// Sends `commands` in one write and returns their replies in order (error replies among
    /// them); the whole exchange must finish within the read time-out. A bulk string longer than
    /// `maxValueLength` throws `valueTooLarge` from its length, unread.
    func execute(_ commands: [RedisCommand], maxValueLength: Int? = nil) throws(RedisError) -> [RedisReply] {
        try execute(commands, timeout: configuration.readTimeout, maxValueLength: maxValueLength)
    }

    private func execute(_ commands: [RedisCommand], timeout: Duration, maxValueLength: Int? = nil) throws(RedisError) -> [RedisReply] {
        let endpoint = configuration.endpoint
        var request: [UInt8] = []
        for command in commands { command.encode(into: &request) }
        let parser = RESPParser(maxBulkLength: configuration.maxBulkLength, maxValueLength: maxValueLength)
        let writeTimeout = configuration.writeTimeout
        return try state.withLock { state throws(RedisError) -> [RedisReply] in
            guard !state.isBroken else { throw .connectionLost(endpoint: endpoint, reason: "the connection failed earlier") }
            do throws(RedisError) {
                try RedisSocket.sendAll(state.descriptor, request, writeTimeout: writeTimeout, endpoint: endpoint)
                let deadline = ContinuousClock.now.advanced(by: timeout)
                var replies: [RedisReply] = []
                replies.reserveCapacity(commands.count)
                while replies.count < commands.count {
                    if let (reply, end) = try state.buffer.withUnsafeBufferPointer({ bytes throws(RedisError) in
                        try parser.parse(bytes, at: state.start, streamOffset: state.streamOffset)
                    }) {
                        replies.append(reply)
                        state.start = end
                        continue
                    }
                    state.compact()
                    let count = try RedisSocket.receive(
                        state.descriptor, into: &state.scratch, deadline: deadline, timeout: timeout, endpoint: endpoint)
                    state.buffer.append(contentsOf: state.scratch[..<count])
                }
                state.compact()
                return replies
            } catch {
                state.isBroken = true
                RedisSocket.closeDescriptor(state.descriptor)
                throw error
            }
        }
    }

    /// Closes the socket; the connection is broken from now on.
    func close() {
        state.withLock { state in
            guard !state.isBroken else { return }
            state.isBroken = true
            RedisSocket.closeDescriptor(state.descriptor)
        }
    }
}

extension RedisReply {
    /// The server's error text, when the reply is an error.
    var errorText: String? {
        if case .error(let text) = self { text } else { nil }
    }
}
