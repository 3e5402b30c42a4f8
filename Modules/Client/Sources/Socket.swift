#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The POSIX socket calls both ends of a connection make (`PlainHTTPClient` here, the emulator's
/// `LoopbackHTTPServer` too), with the platforms' differences hidden. Descriptors are plain
/// `Int32`s; their owners close them.
package enum Socket {
    #if canImport(Darwin)
        package static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #else
        package static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// What a read before a deadline gave.
    package enum Received {
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
    package static func receive(_ descriptor: Int32, into buffer: inout [UInt8], before deadline: ContinuousClock.Instant) -> Received {
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
    package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], before deadline: ContinuousClock.Instant) -> Bool {
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
    package static func wait(for descriptor: Int32, events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
            let result = poll(&entry, 1, milliseconds(until: deadline))
            if result > 0 { return true }
            if result == 0 && ContinuousClock.now >= deadline { return false }
            if result < 0 && errno != EINTR { return false }
        }
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed.
    package static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Closes `descriptor`.
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// The text of the last system error.
    package static var lastError: String {
        String(cString: strerror(errno))
    }
}
