import Foundation
import Sockets

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
        do {
            (descriptor, port) = try Socket.reserveLoopbackPort()
        } catch {
            throw Failure(description: "cannot reserve a loopback port: \(error.reason)")
        }
    }

    deinit {
        Socket.closeDescriptor(descriptor)
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }
}
