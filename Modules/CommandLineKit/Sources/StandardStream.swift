import Foundation
import Synchronization

/// Standard output or standard error, written with `write(2)`. A failed write (a full disk, a
/// closed descriptor, a reader that went away) is remembered instead of crashing the process,
/// and later writes to that stream are dropped, so the program can end with exit 74.
public final class StandardStream: Sendable {
    /// What the stream is called in messages, e.g. "standard output".
    public let name: String
    private let descriptor: Int32
    private let failure = Mutex<Int32?>(nil)

    /// The stream on `descriptor`, called `name` in messages.
    public init(_ descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Writes all of `text`, unless an earlier write to this stream failed.
    public func write(_ text: String) {
        guard failure.withLock({ $0 }) == nil else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                let code = errno
                failure.withLock { $0 = code }
                return
            }
        }
    }

    /// The system's reason for the first failed write, or nil if every write succeeded.
    public var failureReason: String? {
        failure.withLock { $0 }.map { String(cString: strerror($0)) }
    }

    /// Whether the first failed write found the reader gone (`| head` has read enough), which
    /// ends the program without a message, as other command-line tools do.
    public var readerWentAway: Bool {
        failure.withLock { $0 } == EPIPE
    }
}
