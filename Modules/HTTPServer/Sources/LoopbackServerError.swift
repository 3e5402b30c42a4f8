/// Why `LoopbackHTTPServer` could not start: the port could not be had, or no thread started.
public struct LoopbackServerError: Error, Equatable, CustomStringConvertible {
    /// The port asked for (0 for any).
    public let port: UInt16
    /// The system call that failed, such as `bind`.
    public let call: String
    /// The system's explanation, such as "Address already in use".
    public let reason: String

    /// One line naming the port, the call that failed and the system's reason.
    public var description: String {
        "Cannot serve HTTP on 127.0.0.1:\(port): \(call) failed: \(reason)"
    }
}
