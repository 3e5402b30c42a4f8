import Sockets

/// A `RedisConnection`'s socket calls, made through `Sockets` and answered as `RedisError`s that
/// name the endpoint and the operation: connect, write and read, each against a deadline.
enum RedisSocket {
    /// A connected TCP socket to `host:port` that does not delay small writes, connected within `timeout`.
    static func makeConnection(host: String, port: Int, timeout: Duration, endpoint: String) throws(RedisError) -> Int32 {
        let options = Socket.ConnectOptions(noDelay: true)
        switch Socket.connect(host: host, port: UInt16(clamping: port), before: .now + timeout, options: options) {
        case .success(let descriptor): return descriptor
        case .failure(.timedOut): throw .timedOut(endpoint: endpoint, operation: "connect", seconds: seconds(timeout))
        case .failure(let failure): throw .connectionRefused(endpoint: endpoint, reason: failure.description)
        }
    }

    /// Sends all of `bytes` within `writeTimeout`; throws `timedOut` past it and `connectionLost`
    /// when the peer went away. Never raises SIGPIPE.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], writeTimeout: Duration, endpoint: String) throws(RedisError) {
        switch Socket.write(descriptor, bytes, before: .now + writeTimeout) {
        case .all: return
        case .timedOut: throw .timedOut(endpoint: endpoint, operation: "write", seconds: seconds(writeTimeout))
        case .failed(let reason): throw .connectionLost(endpoint: endpoint, reason: reason)
        }
    }

    /// Reads what arrives next into `buffer` and returns the count, waiting no later than
    /// `deadline`; throws `timedOut` past it and `connectionLost` at end of stream or on a failed read.
    static func receive(
        _ descriptor: Int32, into buffer: inout [UInt8], deadline: ContinuousClock.Instant, timeout: Duration, endpoint: String
    ) throws(RedisError) -> Int {
        switch Socket.receive(descriptor, into: &buffer, before: deadline) {
        case .bytes(let count): return count
        case .timedOut: throw .timedOut(endpoint: endpoint, operation: "read", seconds: seconds(timeout))
        case .end: throw .connectionLost(endpoint: endpoint, reason: "the server closed the connection")
        case .failed(let reason): throw .connectionLost(endpoint: endpoint, reason: reason)
        }
    }

    /// Closes `descriptor`.
    static func closeDescriptor(_ descriptor: Int32) {
        Socket.closeDescriptor(descriptor)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
