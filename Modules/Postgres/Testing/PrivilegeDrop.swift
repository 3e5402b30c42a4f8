import Foundation
import Sockets

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// How the test server runs when the tests run as root, which PostgreSQL refuses: as user and
/// group 65534 through `setpriv`, in a directory of `/tmp` that user owns (the clone the tests
/// run from may be in a directory only root can enter).
enum PrivilegeDrop {
    /// The unprivileged user and group.
    static let id: uid_t = 65534

    /// The command line that runs a program as that user when we are root; empty otherwise.
    static let wrapper: [String] = {
        guard geteuid() == 0 else { return [] }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return setpriv.map { [$0, "--reuid=\(id)", "--regid=\(id)", "--clear-groups"] } ?? []
    }()

    /// A new private directory for the server, owned by the user it runs as.
    static func makeDirectory() throws(PostgresServerError) -> URL {
        let base = geteuid() == 0 ? "/tmp" : FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/excelsior-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PostgresServerError(message: "cannot create a directory in \(base): \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        try handOver(directory)
        return directory
    }

    /// Gives `url` to the unprivileged user when we are root.
    static func handOver(_ url: URL) throws(PostgresServerError) {
        guard !wrapper.isEmpty, chown(url.path, id, gid_t(id)) != 0 else { return }
        throw PostgresServerError(message: "cannot give \(url.path) to user \(id): \(String(cString: strerror(errno)))")
    }
}

/// Why a `PostgresServerProcess` did not start.
public struct PostgresServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A loopback port nothing listens on just now: one the system just gave and took back.
func freeLoopbackPort() -> Int? {
    guard let listening = try? Socket.listenOnLoopback(port: 0, backlog: 1) else { return nil }
    Socket.closeDescriptor(listening.descriptor)
    return Int(listening.port)
}
