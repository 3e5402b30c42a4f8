#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin)
    private let systemWrite = Darwin.write
#else
    private let systemWrite = Glibc.write
#endif

/// The server's half of the socket calls: listening, accepting, waking and shutting down.
extension Socket {
    /// A socket listening on 127.0.0.1:`port` (0 lets the system choose) and the port it got.
    public static func listenOnLoopback(port: UInt16, backlog: Int32 = 128) throws(Failure) -> (descriptor: Int32, port: UInt16) {
        try bindLoopback(port: port, listening: backlog)
    }

    /// A socket bound to a free port on 127.0.0.1 that never listens, so connecting to it is
    /// refused and no other server can take the port while it is open; and the port.
    public static func reserveLoopbackPort() throws(Failure) -> (descriptor: Int32, port: UInt16) {
        try bindLoopback(port: 0, listening: nil)
    }

    private static func bindLoopback(port: UInt16, listening backlog: Int32?) throws(Failure) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", reason: lastError) }
        if backlog != nil {
            // Not for a reserved port: two sockets that both allow reuse and do not listen may share a port on Linux.
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
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
                bind(descriptor, address, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let failure = Failure(call: "bind", reason: lastError)
            closeDescriptor(descriptor)
            throw failure
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// What `accept` gave.
    public enum Accepted: Equatable {
        /// A new connection.
        case connection(Int32)
        /// Nothing, for a passing reason (interrupted, aborted by the peer): try again at once.
        case nothing
        /// The call failed for want of something (descriptors, memory): `errno`'s text.
        case failed(reason: String)
    }

    /// The next connection on `listener`, blocking until one comes unless the listener is
    /// non-blocking.
    public static func acceptConnection(on listener: Int32) -> Accepted {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else {
            return [EINTR, ECONNABORTED, EAGAIN, EWOULDBLOCK, EPROTO].contains(errno) ? .nothing : .failed(reason: lastError)
        }
        suppressSignalOnWrite(descriptor)
        return .connection(descriptor)
    }

    /// Waits until one of `descriptors` can be read, or until `deadline` when given; which ones
    /// can (none at the deadline), or nil if waiting failed.
    public static func waitForInput(_ descriptors: [Int32], until deadline: ContinuousClock.Instant? = nil) -> [Bool]? {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let result = poll(&entries, nfds_t(entries.count), deadline.map(milliseconds(until:)) ?? -1)
        if result < 0 {
            return errno == EINTR ? descriptors.map { _ in false } : nil
        }
        return entries.map { $0.revents != 0 }
    }

    /// A pipe: a byte written to `write` wakes a `waitForInput` on `read`.
    public static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(call: "pipe", reason: lastError) }
        return (descriptors[0], descriptors[1])
    }

    /// Writes one byte to `descriptor`, ignoring failure.
    public static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = systemWrite(descriptor, &byte, 1)
    }

    /// Ends both directions of a connection, waking any thread blocked reading it.
    public static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the writing direction: the peer reads end of stream after what was sent.
    public static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }
}
