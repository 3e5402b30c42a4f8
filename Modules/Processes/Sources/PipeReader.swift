#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Reads pipes and files by descriptor, retrying reads a signal interrupts (`EINTR`), where
/// Foundation's `readDataToEndOfFile()` traps on Linux.
public enum PipeReader {
    /// Everything `descriptor` yields until end of file; the caller still owns and closes it.
    public static func readToEnd(_ descriptor: Int32) throws(ChildProcessError) -> [UInt8] {
        var received: [UInt8] = []
        while true {
            switch read(descriptor, into: &received) {
            case .bytes: continue
            case .end: return received
            case .failed(let reason): throw .cannotPrepare("read: \(reason)")
            }
        }
    }

    /// What one read gave.
    enum Outcome: Equatable {
        case bytes(Int)
        case end
        case failed(String)
    }

    /// One read of up to 64 KiB from `descriptor`, appended to `received`; retried on `EINTR`.
    static func read(_ descriptor: Int32, into received: inout [UInt8]) -> Outcome {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                received.append(contentsOf: chunk[..<count])
                return .bytes(count)
            }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return .failed(String(cString: strerror(errno)))
        }
    }
}

#if canImport(Darwin)
    private let systemRead = Darwin.read
#else
    private let systemRead = Glibc.read
#endif
