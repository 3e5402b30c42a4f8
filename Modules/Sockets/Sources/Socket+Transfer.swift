#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Socket {
    /// What a read before a deadline gave.
    public enum Received: Equatable {
        /// This many bytes, at the start of the buffer.
        case bytes(Int)
        /// The end of the stream.
        case end
        /// An error, such as a reset connection: the system's reason.
        case failed(String)
        /// Nothing before the deadline.
        case timedOut
    }

    /// What a write before a deadline gave.
    public enum Sent: Equatable {
        /// Every byte was taken.
        case all
        /// The peer did not take them all before the deadline.
        case timedOut
        /// The peer went away, or the call failed: the system's reason.
        case failed(String)
    }

    /// Reads what arrives on `descriptor` into `buffer` (at most its size), waiting no later
    /// than `deadline`.
    public static func receive(_ descriptor: Int32, into buffer: inout [UInt8], before deadline: ContinuousClock.Instant) -> Received {
        while true {
            guard waitUntilReadable(descriptor, until: deadline) else { return .timedOut }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK { return .failed(lastError) }
        }
    }

    /// Writes all of `bytes`, finishing no later than `deadline`. Never raises SIGPIPE.
    public static func write(_ descriptor: Int32, _ bytes: [UInt8], before deadline: ContinuousClock.Instant) -> Sent {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, sendFlags | Int32(MSG_DONTWAIT))
            }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard wait(for: descriptor, events: POLLOUT, until: deadline) else { return .timedOut }
            } else if errno != EINTR {
                return .failed(lastError)
            }
        }
        return .all
    }

    /// Writes all of `bytes`, finishing no later than `deadline`; false if the peer went away or
    /// did not take them in time. Never raises SIGPIPE.
    @discardableResult
    public static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], before deadline: ContinuousClock.Instant) -> Bool {
        write(descriptor, bytes, before: deadline) == .all
    }

    /// Waits until `descriptor` can be read (or has hung up); false at `deadline` or if waiting failed.
    public static func waitUntilReadable(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        wait(for: descriptor, events: POLLIN, until: deadline)
    }

    /// Whether `descriptor` has something to read (or has hung up) right now.
    public static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    static func wait(for descriptor: Int32, events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
            let result = poll(&entry, 1, milliseconds(until: deadline))
            if result > 0 { return true }
            if result == 0 && ContinuousClock.now >= deadline { return false }
            if result < 0 && errno != EINTR { return false }
        }
    }
}
