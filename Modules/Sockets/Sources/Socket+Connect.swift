#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin)
    private let systemConnect = Darwin.connect
#else
    private let systemConnect = Glibc.connect
#endif

extension Socket {
    /// How a connection is set up besides its address.
    public struct ConnectOptions: Sendable {
        /// Send small writes at once (`TCP_NODELAY`), for request–reply protocols.
        public var noDelay = false
        /// The kernel's receive buffer in bytes, when it must be small (a test's slow reader).
        public var receiveBuffer: Int32?

        /// The system's defaults.
        public init(noDelay: Bool = false, receiveBuffer: Int32? = nil) {
            self.noDelay = noDelay
            self.receiveBuffer = receiveBuffer
        }
    }

    /// Why `connect` failed.
    public enum ConnectFailure: Error, Equatable, CustomStringConvertible {
        /// The name has no address: the resolver's reason.
        case unresolved(String)
        /// No address took the connection: the system's reason for the last.
        case refused(String)
        /// The deadline passed first.
        case timedOut

        /// The reason, as a person reads it.
        public var description: String {
            switch self {
            case .unresolved(let reason), .refused(let reason): reason
            case .timedOut: "the connection was not made in time"
            }
        }
    }

    /// A connected, non-blocking socket to `host`:`port`, trying each address the name has in
    /// turn, each attempt ending at `deadline` at the latest; on failure the system's reason.
    public static func connect(
        host: String, port: UInt16, before deadline: ContinuousClock.Instant, options: ConnectOptions = ConnectOptions()
    ) -> Result<Int32, ConnectFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else { return .failure(.unresolved(String(cString: gai_strerror(looked)))) }
        defer { freeaddrinfo(first) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry?.pointee {
            entry = address.ai_next
            switch attempt(address, before: deadline, options: options) {
            case .success(let descriptor): return .success(descriptor)
            case .failure(.timedOut): return .failure(.timedOut)
            case .failure(let failure): reason = failure.description
            }
        }
        return .failure(.refused(reason))
    }

    private static func attempt(_ address: addrinfo, before deadline: ContinuousClock.Instant, options: ConnectOptions) -> Result<
        Int32, ConnectFailure
    > {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return .failure(.refused(lastError)) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        suppressSignalOnWrite(descriptor)
        if var size = options.receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if options.noDelay {
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        if systemConnect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return .success(descriptor) }
        guard errno == EINPROGRESS || errno == EINTR else {
            let failure = ConnectFailure.refused(lastError)
            closeDescriptor(descriptor)
            return .failure(failure)
        }
        guard wait(for: descriptor, events: POLLOUT, until: deadline) else {
            closeDescriptor(descriptor)
            return .failure(.timedOut)
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
            closeDescriptor(descriptor)
            return .failure(.refused(String(cString: strerror(error == 0 ? errno : error))))
        }
        return .success(descriptor)
    }
}
