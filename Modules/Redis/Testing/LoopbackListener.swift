import Sockets

/// A TCP socket listening on 127.0.0.1, for finding a free port and for `FakeRESPServer`.
struct LoopbackListener: ~Copyable {
    /// The listening descriptor.
    let descriptor: Int32
    /// The port the system gave it.
    let port: Int

    /// Listens on a free loopback port; nil if the system refused.
    init?() {
        guard let listening = try? Socket.listenOnLoopback(port: 0, backlog: 16) else { return nil }
        descriptor = listening.descriptor
        port = Int(listening.port)
    }

    deinit {
        Socket.closeDescriptor(descriptor)
    }

    /// A free loopback port: one the system just gave and took back.
    static func freePort() -> Int? {
        LoopbackListener()?.port
    }
}
