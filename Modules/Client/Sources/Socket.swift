#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The few POSIX socket calls `LoopbackHTTPServer` and `PlainHTTPClient` make, with the platforms' differences
/// hidden. Descriptors are plain `Int32`s; their owners close them.
enum Socket {
    #if canImport(Darwin)
        static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #else
        static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// 127.0.0.1 in network byte order.
    private static let loopbackAddress = in_addr_t(0x7f00_0001).bigEndian

    /// A socket listening on 127.0.0.1:`port` (0 lets the system choose) and the port it got.
    static func listenOnLoopback(port: UInt16) throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw LoopbackServerError(port: port, call: "socket", reason: lastError) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr = in_addr(s_addr: loopbackAddress)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 128) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let error = LoopbackServerError(port: port, call: "bind", reason: lastError)
            closeDescriptor(descriptor)
            throw error
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// What `accept` gave.
    enum Accepted {
        /// A new connection.
        case connection(Int32)
        /// Nothing, for a passing reason (interrupted, aborted by the peer): try again at once.
        case nothing
        /// The call failed for want of something (descriptors, memory): `errno`'s text.
        case failed(reason: String)
    }

    /// The next connection on `listener`.
    static func acceptConnection(on listener: Int32) -> Accepted {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else {
            return [EINTR, ECONNABORTED, EAGAIN, EWOULDBLOCK, EPROTO].contains(errno) ? .nothing : .failed(reason: lastError)
        }
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return .connection(descriptor)
    }

    /// What a read before a deadline gave.
    enum Received {
        /// This many bytes, at the start of the buffer.
        case bytes(Int)
        /// The end of the stream.
        case end
        /// An error, such as a reset connection.
        case failed
        /// Nothing before the deadline.
        case timedOut
    }

    /// Reads what arrives on `descriptor` into `buffer`, waiting no later than `deadline`.
    static func receive(_ descriptor: Int32, into buffer: inout [UInt8], before deadline: ContinuousClock.Instant) -> Received {
        while true {
            guard wait(for: descriptor, events: POLLIN, until: deadline) else { return .timedOut }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK { return .failed }
        }
    }

    /// Writes all of `bytes`, finishing no later than `deadline`; false if the peer went away or
    /// did not take them in time. Never raises SIGPIPE.
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], before deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, sendFlags | Int32(MSG_DONTWAIT))
            }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard wait(for: descriptor, events: POLLOUT, until: deadline) else { return false }
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }

    /// Waits until `descriptor` is ready for `events` (or has hung up); false at `deadline` or
    /// if waiting failed.
    static func wait(for descriptor: Int32, events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
            let result = poll(&entry, 1, milliseconds(until: deadline))
            if result > 0 { return true }
            if result == 0 && ContinuousClock.now >= deadline { return false }
            if result < 0 && errno != EINTR { return false }
        }
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Waits until one of `descriptors` can be read, or until `deadline` when given; which ones
    /// can (none at the deadline), or nil if waiting failed.
    static func waitForInput(_ descriptors: [Int32], until deadline: ContinuousClock.Instant? = nil) -> [Bool]? {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let result = poll(&entries, nfds_t(entries.count), deadline.map(milliseconds(until:)) ?? -1)
        if result < 0 {
            return errno == EINTR ? descriptors.map { _ in false } : nil
        }
        return entries.map { $0.revents != 0 }
    }

    /// A pipe: a byte written to `write` wakes a `waitForInput` on `read`.
    static func makePipe() throws(LoopbackServerError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw LoopbackServerError(port: 0, call: "pipe", reason: lastError) }
        return (descriptors[0], descriptors[1])
    }

    /// Writes one byte to `descriptor`, ignoring failure.
    static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Ends both directions of a connection, waking any thread blocked reading it.
    static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the writing direction: the peer reads end of stream after what was sent.
    static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes `descriptor`.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// The text of the last system error.
    static var lastError: String {
        String(cString: strerror(errno))
    }
}
