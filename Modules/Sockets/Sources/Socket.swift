#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Every POSIX socket call the product and its tests make, with the platforms' differences
/// hidden: connecting and accepting with deadlines, reads and writes bounded in time, and the
/// system's reason on failure. Descriptors are plain `Int32`s; their owners close them.
public enum Socket {
    #if canImport(Darwin)
        static let streamType = SOCK_STREAM
        static let sendFlags: Int32 = 0
    #else
        static let streamType = Int32(SOCK_STREAM.rawValue)
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// 127.0.0.1 in network byte order.
    static let loopbackAddress = in_addr_t(0x7f00_0001).bigEndian

    /// A socket call that failed, with the system's reason.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The call that failed, such as "bind".
        public let call: String
        /// The system's reason.
        public let reason: String

        /// "`call`: `reason`".
        public var description: String { "\(call): \(reason)" }
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed.
    public static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Closes `descriptor`.
    public static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// A second descriptor for the same socket, which its owner closes separately; -1 on failure.
    public static func duplicate(_ descriptor: Int32) -> Int32 {
        dup(descriptor)
    }

    /// The text of the last system error.
    public static var lastError: String {
        String(cString: strerror(errno))
    }

    /// Keeps a write from raising SIGPIPE where the platform has no per-call flag for it.
    static func suppressSignalOnWrite(_ descriptor: Int32) {
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
