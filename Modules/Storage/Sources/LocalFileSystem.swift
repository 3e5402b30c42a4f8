import Foundation

/// The real file system, through POSIX calls: atomic writes go to a hidden temporary file in the
/// same directory and are renamed over the target, so readers and other processes never see a
/// torn file. Errors are `StorageError`s naming the path and the system's reason.
public struct LocalFileSystem: FileSystem {
    /// The local file system.
    public init() {}

    /// The regular file's contents, or nil when there is none. Opened without blocking (a FIFO
    /// never hangs the reader), checked to be a regular file of at most `limit` bytes before
    /// anything is allocated, and never read past `limit` even if it grows meanwhile.
    public func read(_ url: URL, limit: Int) throws -> Data? {
        try read(atPath: url.path(percentEncoded: false), limit: limit)
    }

    /// `read(_:limit:)` of the file at `path`, with no URL built.
    public func read(atPath path: String, limit: Int) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw StorageError.cannotRead(path: path, reason: describe(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw StorageError.cannotRead(path: path, reason: describe(errno))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StorageError.notARegularFile(path: path) }
        guard info.st_size <= limit else {
            throw StorageError.tooLarge(path: path, size: Int(info.st_size), limit: limit)
        }
        var data = Data(count: Int(info.st_size))
        let filled = try data.withUnsafeMutableBytes { buffer in
            try readAll(descriptor, into: buffer, path: path)
        }
        if filled < data.count { data.removeSubrange(filled...) }
        return data
    }

    /// Writes `<dir>/.<name>.<process>-<count>.tmp`, then renames it over `url`; on failure removes the temporary file.
    public func write(_ data: Data, to url: URL) throws {
        let path = url.path(percentEncoded: false)
        let slash = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        let temporary = String(path[..<slash]) + TemporaryFileName.make(for: String(path[slash...]))
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StorageError.cannotWrite(path: path, reason: describe(errno))
        }
        var failure: Int32?
        data.withUnsafeBytes { failure = writeAll(descriptor, from: $0) }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw StorageError.cannotWrite(path: path, reason: describe(failure))
        }
    }

    /// Unlinks the file; a missing file is fine.
    public func remove(_ url: URL) throws {
        let path = url.path(percentEncoded: false)
        guard unlink(path) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw StorageError.cannotRemove(path: path, reason: describe(code))
        }
    }

    /// The directory's entries, hidden ones included, in no particular order.
    public func contents(of directory: URL) throws -> [URL] {
        let path = directory.path(percentEncoded: false)
        guard let stream = opendir(path) else {
            throw StorageError.cannotList(path: path, reason: describe(errno))
        }
        defer { closedir(stream) }
        // Built from the path: appending to a URL costs several times more, per entry.
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var urls: [URL] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." {
                urls.append(URL(filePath: prefix + name, directoryHint: .inferFromPath))
            }
        }
        return urls
    }

    /// The file's size and modification date (from `stat`), or nil when there is none.
    public func attributes(of url: URL) throws -> FileAttributes? {
        let path = url.path(percentEncoded: false)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw StorageError.cannotRead(path: path, reason: describe(code))
        }
        let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return FileAttributes(
            size: Int(info.st_size), modificationDate: Date(timeIntervalSince1970: seconds),
            isRegularFile: info.st_mode & S_IFMT == S_IFREG)
    }

    /// Sets the modification date (to the nanosecond) and leaves the access date alone; a date that
    /// is not a number or beyond what `Int` seconds hold is `StorageError.cannotWrite`.
    public func setModificationDate(_ date: Date, of url: URL) throws {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // 2^63 is the first Double beyond Int.max; anything from -2^63 up to below it converts exactly.
        guard seconds >= -9_223_372_036_854_775_808.0, seconds < 9_223_372_036_854_775_808.0 else {
            throw StorageError.cannotWrite(
                path: url.path(percentEncoded: false), reason: "the date \(seconds) is not a time a file can have")
        }
        let nanoseconds = min(999_999_999, Int((date.timeIntervalSince1970 - seconds) * 1e9))
        var times = [
            timespec(tv_sec: 0, tv_nsec: utimeOmit),
            timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds),
        ]
        let path = url.path(percentEncoded: false)
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else {
            throw StorageError.cannotWrite(path: path, reason: describe(errno))
        }
    }

    /// `mkdir -p`, throwing `StorageError.cannotCreateDirectory` with the path that failed.
    public func createDirectory(_ directory: URL) throws {
        try makeDirectory(directory.standardizedFileURL.path(percentEncoded: false))
    }

    /// `mkdir -p`: creates `path` after its missing parents; an existing directory is fine.
    private func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        switch code {
        case EEXIST:
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw StorageError.cannotCreateDirectory(path: path, reason: "a file that is not a directory is in the way")
            }
        case ENOENT where path != "/":
            try makeDirectory((path as NSString).deletingLastPathComponent)
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw StorageError.cannotCreateDirectory(path: path, reason: describe(errno))
            }
        default:
            throw StorageError.cannotCreateDirectory(path: path, reason: describe(code))
        }
    }
}

/// Reads from `descriptor` until `buffer` is full or the file ends; returns the bytes read.
private func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
        let count = read(descriptor, base + filled, buffer.count - filled)
        if count > 0 {
            filled += count
        } else if count == 0 {
            break
        } else if errno != EINTR {
            throw StorageError.cannotRead(path: path, reason: describe(errno))
        }
    }
    return filled
}

/// Writes all of `buffer` to `descriptor`; returns the failing `errno`, or nil on success.
private func writeAll(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int32? {
    guard let base = buffer.baseAddress else { return nil }
    var written = 0
    while written < buffer.count {
        let count = write(descriptor, base + written, buffer.count - written)
        if count >= 0 {
            written += count
        } else if errno != EINTR {
            return errno
        }
    }
    return nil
}

/// `UTIME_OMIT` from `<sys/stat.h>` (a macro Swift does not import): leaves that time as it is.
private let utimeOmit = (1 << 30) - 2

/// The system's message for `code`, e.g. "No space left on device".
private func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
}
