/// What went wrong in a cache or file system, naming the path involved so a person can act on it.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The cache directory at `path` does not exist and cannot be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The directory at `path` cannot be listed.
    case cannotList(path: String, reason: String)
    /// The file at `path` exists but cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file at `path` cannot be written (disk full, no permission, …); its old contents are intact.
    case cannotWrite(path: String, reason: String)
    /// The file at `path` cannot be removed.
    case cannotRemove(path: String, reason: String)
    /// A value of type `type` cannot be encoded.
    case cannotEncode(type: String, reason: String)
    /// The file at `path` holds more than `limit` bytes, the most the reader accepts.
    case tooLarge(path: String, size: Int, limit: Int)
    /// What is at `path` is not a regular file (a directory, FIFO, socket or device).
    case notARegularFile(path: String)

    /// The path the error is about, if it is about one.
    public var path: String? {
        switch self {
        case .cannotCreateDirectory(let path, _), .cannotList(let path, _), .cannotRead(let path, _),
            .cannotWrite(let path, _), .cannotRemove(let path, _), .tooLarge(let path, _, _), .notARegularFile(let path):
            path
        case .cannotEncode:
            nil
        }
    }

    /// A one-line message naming the path and the reason.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): "cannot create the cache directory \(path): \(reason)"
        case .cannotList(let path, let reason): "cannot list the directory \(path): \(reason)"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cannotRemove(let path, let reason): "cannot remove \(path): \(reason)"
        case .cannotEncode(let type, let reason): "cannot encode a value of type \(type): \(reason)"
        case .tooLarge(let path, let size, let limit): "\(path) holds \(size) bytes, more than the \(limit) accepted"
        case .notARegularFile(let path): "\(path) is not a regular file"
        }
    }
}
