import Client

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The server's half of the socket calls: listening, accepting, waking and shutting down.
extension Socket {
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

}
