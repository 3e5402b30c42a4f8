import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A port on 127.0.0.1 that refuses every connection for as long as this object lives: its
/// socket is bound but never listens, so no other server (another test's, say) can take it.
/// Use it where a test needs "a server that is not there".
public final class RefusingPort: Sendable {
    /// Why the port could not be reserved.
    public struct Failure: Error, CustomStringConvertible {
        /// The system's reason.
        public let description: String
    }

    /// The reserved port.
    public let port: UInt16
    private let descriptor: Int32

    /// Reserves a free port chosen by the system.
    public init() throws(Failure) {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                descriptor >= 0 && bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw Failure(description: "cannot reserve a loopback port: \(reason)")
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }
}
