#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The POSIX calls a `RedisConnection` makes: connect with a time-out, send and receive against a
/// deadline, close. Descriptors are plain `Int32`s that the connection owns.
enum RedisSocket {
    #if canImport(Darwin)
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #else
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A connected TCP socket to `host:port`, trying each address the name resolves to; it does
    /// not delay small writes (`TCP_NODELAY`), and sends give up after `writeTimeout`.
    static func makeConnection(host: String, port: Int, timeout: Duration, writeTimeout: Duration, endpoint: String) throws(RedisError)
        -> Int32
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectionRefused(endpoint: endpoint, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var failure = RedisError.connectionRefused(endpoint: endpoint, reason: "no address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry?.pointee {
            entry = address.ai_next
            let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
            guard descriptor >= 0 else {
                failure = .connectionRefused(endpoint: endpoint, reason: lastError)
                continue
            }
            do throws(RedisError) {
                try finishConnecting(descriptor, to: address, timeout: timeout, endpoint: endpoint)
                configure(descriptor, writeTimeout: writeTimeout)
                return descriptor
            } catch {
                closeDescriptor(descriptor)
                failure = error
            }
        }
        throw failure
    }

    /// Connects `descriptor` without blocking longer than `timeout`, then makes it blocking again.
    private static func finishConnecting(_ descriptor: Int32, to address: addrinfo, timeout: Duration, endpoint: String) throws(RedisError)
    {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        if connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw .connectionRefused(endpoint: endpoint, reason: lastError) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, milliseconds(timeout))
            guard ready > 0 else { throw .timedOut(endpoint: endpoint, operation: "connect", seconds: seconds(timeout)) }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw .connectionRefused(endpoint: endpoint, reason: String(cString: strerror(error))) }
        }
        _ = fcntl(descriptor, F_SETFL, flags)
    }

    private static func configure(_ descriptor: Int32, writeTimeout: Duration) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: .init(milliseconds(writeTimeout) / 1000), tv_usec: .init(milliseconds(writeTimeout) % 1000 * 1000))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`; throws `timedOut` after the send time-out, `connectionLost` when the
    /// peer went away. Never raises SIGPIPE.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], writeTimeout: Duration, endpoint: String) throws(RedisError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, sendFlags)
            }
            if sent < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: throw .timedOut(endpoint: endpoint, operation: "write", seconds: seconds(writeTimeout))
                default: throw .connectionLost(endpoint: endpoint, reason: lastError)
                }
            }
            offset += sent
        }
    }

    /// Reads what arrives next into `buffer` and returns the count, waiting no later than
    /// `deadline`; throws `timedOut` past it and `connectionLost` at end of stream or on a failed read.
    static func receive(
        _ descriptor: Int32, into buffer: inout [UInt8], deadline: ContinuousClock.Instant, timeout: Duration, endpoint: String
    ) throws(RedisError) -> Int {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            let ready = remaining > .zero ? poll(&entry, 1, max(1, milliseconds(remaining))) : 0
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw .timedOut(endpoint: endpoint, operation: "read", seconds: seconds(timeout)) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return count }
            if count < 0 && errno == EINTR { continue }
            throw .connectionLost(endpoint: endpoint, reason: count == 0 ? "the server closed the connection" : lastError)
        }
    }

    /// Closes `descriptor`.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// `duration` in whole milliseconds, rounded up so a wait is never shorter than asked.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return Int32(clamping: seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static var lastError: String {
        String(cString: strerror(errno))
    }
}
