import Foundation
import PayloadCoding
import Synchronization

/// A cache of `Codable` values kept as files in one directory, through a `FileSystem`.
///
/// - A key's file is `<16 hex digits>.cache`, named by the key's stable FNV-1a fingerprint, so no
///   key can name a file outside the directory.
/// - Writes are atomic (`FileSystem.write`): a reader, in this process or another, sees the old
///   entry or the new one, never a torn one. A failed write leaves the old entry readable.
/// - Each file carries its key, value type, stored-at and expiry dates and a checksum. A corrupt,
///   truncated or undecodable file (a date in it not a number or outside years -9999 to 9999
///   included), or one whose value has another id than its key (`Key.identifies`), is a miss, is
///   removed and is counted; a file holding another key or type is a miss. So is anything that is not a regular file of at most `maxEntryBytes`
///   (a FIFO, a directory, a huge or sparse file): it is never opened blocking nor read whole.
/// - A hit writes nothing to disk. An entry's last access is the later of its file's modification
///   date (set when it is written) and the last hit this instance saw, kept in memory until it is
///   persisted as the file's modification date: when this instance sweeps, when
///   `persistAccessDates()` is called, and when the cache is released. With a byte limit, a
///   write that takes the cache over it sweeps the least recently used entries down to the
///   low-water mark. Entries with a time to live expire by age (their stored-at date).
///
/// Thread-safe. Several instances, in one process or many, may share a directory: each counts
/// the bytes it wrote and rescans the directory at least every minute when it has a byte limit.
public final class DiskCache: Caching {
    /// The directory that holds the entries.
    public let directory: URL
    /// The most bytes the entries may take before a sweep, or nil for no limit.
    public let byteLimit: Int?
    /// The bytes a sweep brings the entries down to.
    public let lowWaterMark: Int
    /// How long an entry set without its own time to live stays valid, or nil for ever.
    public let timeToLive: TimeInterval?
    /// The largest entry file read or written; a larger file is a miss, a larger value is refused.
    public let maxEntryBytes: Int
    /// The default `maxEntryBytes`: 8 MiB, far above a page of 100 characters (about 100 KB).
    public static let defaultMaxEntryBytes = 8 << 20

    /// `directory`'s path, from which file URLs are built (faster than appending to a URL).
    private let directoryPath: String
    private let fileSystem: any FileSystem
    /// The cache's clock.
    let now: @Sendable () -> Date
    private let encoder = PayloadEncoder()
    private let decoder = PayloadDecoder()
    private let state = Mutex(State())

    /// Temporary files older than this are leftovers of a writer that died, and are removed.
    static let staleTemporaryAge: TimeInterval = 3600
    /// With a byte limit, how often a write rescans the directory to count what other processes wrote.
    static let rescanInterval: TimeInterval = 60
    private static let fileExtension = ".cache"

    private struct State {
        /// Sizes of the entry files this instance knows about, by file name.
        var sizes: [String: Int] = [:]
        /// Hits this instance saw that are not on disk yet: the last one per file name.
        var accessDates: [String: Date] = [:]
        var knownBytes = 0
        var isSweeping = false
        var lastScan = Date.distantPast
        var statistics = CacheStatistics()

        /// Notes that `name` now holds `size` bytes (nil: it is gone); its file is newer than any
        /// hit recorded for it, so the hit is forgotten.
        mutating func record(size: Int?, of name: String) {
            knownBytes += (size ?? 0) - (sizes[name] ?? 0)
            sizes[name] = size
            accessDates[name] = nil
        }
    }

    /// A disk cache in `directory`, which is created (with its parents) now if it does not exist.
    /// `lowWaterMark` defaults to three quarters of `byteLimit`.
    ///
    /// Throws `StorageError.cannotCreateDirectory` when the directory cannot be created, or
    /// `.cannotList` when it cannot be read.
    public init(
        directory: URL,
        fileSystem: any FileSystem = LocalFileSystem(),
        byteLimit: Int? = nil,
        lowWaterMark: Int? = nil,
        timeToLive: TimeInterval? = nil,
        maxEntryBytes: Int = DiskCache.defaultMaxEntryBytes,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(StorageError) {
        self.directory = directory.standardizedFileURL
        directoryPath = self.directory.path(percentEncoded: false)
        self.fileSystem = fileSystem
        self.byteLimit = byteLimit
        self.lowWaterMark = min(lowWaterMark ?? (byteLimit ?? 0) / 4 * 3, byteLimit ?? .max)
        self.timeToLive = timeToLive
        self.maxEntryBytes = maxEntryBytes
        self.now = now
        do {
            try fileSystem.createDirectory(self.directory)
        } catch let error as StorageError {
            guard case .cannotCreateDirectory = error else {
                throw .cannotCreateDirectory(path: directoryPath, reason: error.description)
            }
            throw error
        } catch {
            throw .cannotCreateDirectory(path: directoryPath, reason: String(describing: error))
        }
        // Only a byte limit needs every entry's size; without one, opening examines just the
        // temporary files, so a read from a directory of 100 000 entries costs no 100 000 stats.
        let files = try scan(includingEntries: byteLimit != nil)
        removeStale(files.temporaries)
        let date = now()
        state.withLock { state in
            for file in files.entries { state.record(size: file.size, of: file.name) }
            state.lastScan = date
        }
    }

    /// Persists the access dates of the hits this instance has seen, best effort, on release.
    deinit {
        persistAccessDates()
    }

    /// Stores `value` under `key` atomically, for the cache's own time to live; on failure the old value stays.
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws(StorageError) {
        try set(value, for: key, timeToLive: nil)
    }

    /// Stores `value` under `key`, valid for `timeToLive` seconds (nil: the cache's own time to live).
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key, timeToLive: TimeInterval?) throws(StorageError) {
        let date = now()
        try store(value, for: key, storedAt: date, expiresAt: (timeToLive ?? self.timeToLive).map(date.addingTimeInterval))
    }

    /// The value under `key`, or nil on a miss (none, expired, damaged, another key, type or id); throws only when the file cannot be read.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws(StorageError) -> Value? {
        try lookup(type, for: key)?.value
    }

    /// Removes `key`'s entry, if any.
    public func remove(_ key: Key) throws(StorageError) {
        let name = Self.fileName(for: key)
        let url = fileURL(named: name)
        do {
            try fileSystem.remove(url)
        } catch {
            throw Self.mapping(error) { .cannotRemove(path: url.path, reason: $0) }
        }
        state.withLock { $0.record(size: nil, of: name) }
    }

    /// Removes every entry file; files that are not cache entries are left alone.
    public func removeAll() throws(StorageError) {
        let files = try scan()
        for file in files.entries {
            do {
                try fileSystem.remove(file.url)
            } catch {
                throw Self.mapping(error) { .cannotRemove(path: file.url.path, reason: $0) }
            }
            state.withLock { $0.record(size: nil, of: file.name) }
        }
        removeStale(files.temporaries)
    }

    /// What this instance has counted since it was made.
    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// The file that holds `key`'s entry, whether or not it exists.
    public func fileURL(for key: Key) -> URL {
        fileURL(named: Self.fileName(for: key))
    }

    /// The number of entry files and their total size, from the directory as it is now.
    public func usage() throws(StorageError) -> Usage {
        let entries = try scan().entries
        return Usage(count: entries.count, bytes: entries.reduce(0) { $0 + $1.size })
    }

    /// Writes the last hit this instance saw of each entry as its file's modification date, where
    /// that is later, so other instances and later processes sweep by it. Best effort: a file
    /// that is gone or cannot be changed keeps its date. Sweeps and releasing the cache do this too.
    public func persistAccessDates() {
        let pending = state.withLock { $0.accessDates }
        var persisted: [String] = []
        for (name, date) in pending {
            let url = fileURL(named: name)
            guard let attributes = (try? fileSystem.attributes(of: url)) ?? nil else {
                persisted.append(name)
                continue
            }
            if attributes.modificationDate >= date || (try? fileSystem.setModificationDate(date, of: url)) != nil {
                persisted.append(name)
            }
        }
        state.withLock { state in
            for name in persisted where state.accessDates[name] == pending[name] { state.accessDates[name] = nil }
        }
    }

    /// Every entry's metadata, most recently used first; damaged files met on the way are dropped.
    public func entries() throws(StorageError) -> [Entry] {
        var entries: [Entry] = []
        for file in try scan().entries {
            guard let record = try readRecord(named: file.name) else { continue }
            entries.append(
                Entry(
                    key: record.key, type: record.type, bytes: file.size, storedAt: record.storedAt,
                    expiresAt: record.expiresAt, lastAccess: file.lastAccess))
        }
        return entries.sorted { $0.lastAccess > $1.lastAccess }
    }

    /// Removes every expired entry now rather than when it is next read (reads every file).
    public func removeExpired() throws(StorageError) {
        let date = now()
        for file in try scan().entries {
            if let record = try readRecord(named: file.name), record.isExpired(at: date) {
                drop(named: file.name, counting: \.expirations, asMiss: false)
            }
        }
    }

    // MARK: - Internals shared with HybridCache

    /// The value under `key` with its expiry date, or nil on a miss.
    func lookup<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws(StorageError) -> (value: Value, expiresAt: Date?)? {
        let name = Self.fileName(for: key)
        guard let record = try readRecord(named: name) else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        guard record.key == key.value, record.type == Key.typeName(of: Value.self) else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        let date = now()
        if record.isExpired(at: date) {
            drop(named: name, counting: \.expirations, asMiss: true)
            return nil
        }
        guard let value = try? decoder.decode(Value.self, from: record.payload), key.identifies(value) else {
            drop(named: name, counting: \.corruptEntriesDropped, asMiss: true)
            return nil
        }
        state.withLock { state in
            state.accessDates[name] = date
            state.statistics.hits += 1
        }
        return (value, record.expiresAt)
    }

    /// Encodes and writes `value` under `key`, then sweeps if the cache went over its byte limit.
    func store<Value: Codable & Sendable>(_ value: Value, for key: Key, storedAt: Date, expiresAt: Date?) throws(StorageError) {
        let typeName = Key.typeName(of: Value.self)
        let payload: Data
        do {
            payload = try encoder.encode(value)
        } catch {
            throw .cannotEncode(type: typeName, reason: String(describing: error))
        }
        let data = EntryRecord(key: key.value, type: typeName, storedAt: storedAt, expiresAt: expiresAt, payload: payload).encoded()
        let name = Self.fileName(for: key)
        let url = fileURL(named: name)
        guard data.count <= maxEntryBytes else {
            throw .tooLarge(path: url.path(percentEncoded: false), size: data.count, limit: maxEntryBytes)
        }
        do {
            try fileSystem.write(data, to: url)
        } catch {
            throw Self.mapping(error) { .cannotWrite(path: url.path, reason: $0) }
        }
        try? fileSystem.setModificationDate(storedAt, of: url)
        let needsSweep = state.withLock { state in
            state.statistics.stores += 1
            state.record(size: data.count, of: name)
            guard let byteLimit, !state.isSweeping,
                state.knownBytes > byteLimit || storedAt.timeIntervalSince(state.lastScan) >= Self.rescanInterval
            else { return false }
            state.isSweeping = true
            return true
        }
        if needsSweep { sweep() }
    }

    // MARK: - Files

    /// An entry or temporary file found in the directory.
    private struct ScannedFile {
        var url: URL
        var name: String
        var size: Int
        /// The later of the file's modification date and the last hit this instance saw.
        var lastAccess: Date
    }

    /// The entry files (unless `includingEntries` is false) and temporary files in the directory,
    /// with their attributes; files that vanish or cannot be examined meanwhile are left out.
    private func scan(includingEntries: Bool = true) throws(StorageError) -> (entries: [ScannedFile], temporaries: [ScannedFile]) {
        let urls: [URL]
        do {
            urls = try fileSystem.contents(of: directory)
        } catch {
            throw Self.mapping(error) { .cannotList(path: directoryPath, reason: $0) }
        }
        var entries: [ScannedFile] = []
        var temporaries: [ScannedFile] = []
        for url in urls {
            let name = url.lastPathComponent
            let isEntry = includingEntries && Self.isEntryName(name)
            guard isEntry || TemporaryFileName.isTemporary(name),
                let attributes = (try? fileSystem.attributes(of: url)) ?? nil, attributes.isRegularFile
            else { continue }
            let file = ScannedFile(url: url, name: name, size: attributes.size, lastAccess: attributes.modificationDate)
            if isEntry { entries.append(file) } else { temporaries.append(file) }
        }
        state.withLock { state in
            for index in entries.indices {
                if let date = state.accessDates[entries[index].name], date > entries[index].lastAccess {
                    entries[index].lastAccess = date
                }
            }
        }
        return (entries, temporaries)
    }

    /// The record in the entry file `name`, nil when there is none; a damaged file, or one that
    /// is not a regular file within `maxEntryBytes`, is dropped and counted, and reads as nil.
    /// Throws only when the file cannot be read. Reads by path: a hit builds no URL.
    private func readRecord(named name: String) throws(StorageError) -> EntryRecord? {
        let path = directoryPath + "/" + name
        let data: Data?
        do {
            data = try fileSystem.read(atPath: path, limit: maxEntryBytes)
        } catch StorageError.tooLarge, StorageError.notARegularFile {
            drop(named: name, counting: \.corruptEntriesDropped, asMiss: false)
            return nil
        } catch {
            throw Self.mapping(error) { .cannotRead(path: path, reason: $0) }
        }
        guard let data else {
            state.withLock { $0.record(size: nil, of: name) }
            return nil
        }
        do {
            return try EntryRecord(decoding: data)
        } catch {
            drop(named: name, counting: \.corruptEntriesDropped, asMiss: false)
            return nil
        }
    }

    /// Removes the entry file `name` (best effort: a file that cannot be removed now is met again
    /// later) and counts why.
    private func drop(named name: String, counting reason: WritableKeyPath<CacheStatistics, Int>, asMiss: Bool) {
        try? fileSystem.remove(fileURL(named: name))
        state.withLock { state in
            state.statistics[keyPath: reason] += 1
            if asMiss { state.statistics.misses += 1 }
            state.record(size: nil, of: name)
        }
    }

    /// Recounts the entries from a fresh listing of the directory (so entries other processes
    /// wrote count too) and, if they are over the byte limit, removes the least recently used down
    /// to the low-water mark; then persists the hits this instance saw on the entries it kept.
    private func sweep() {
        let date = now()
        defer { state.withLock { $0.isSweeping = false } }
        guard let byteLimit, let files = try? scan() else { return }
        removeStale(files.temporaries)
        let oldestFirst = files.entries.sorted { ($0.lastAccess, $0.name) < ($1.lastAccess, $1.name) }
        var total = oldestFirst.reduce(0) { $0 + $1.size }
        var kept: [ScannedFile] = []
        var evicted = 0
        let mustShrink = total > byteLimit
        for file in oldestFirst {
            if mustShrink, total > lowWaterMark, (try? fileSystem.remove(file.url)) != nil {
                total -= file.size
                evicted += 1
            } else {
                kept.append(file)
            }
        }
        state.withLock { state in
            let accessDates = state.accessDates
            state.sizes = Dictionary(kept.map { ($0.name, $0.size) }, uniquingKeysWith: max)
            state.accessDates = accessDates.filter { state.sizes[$0.key] != nil }
            state.knownBytes = total
            state.lastScan = date
            state.statistics.evictions += evicted
        }
        persistAccessDates()
    }

    /// Removes temporary files old enough to be leftovers of a writer that died.
    private func removeStale(_ temporaries: [ScannedFile]) {
        let cutoff = now().addingTimeInterval(-Self.staleTemporaryAge)
        for file in temporaries where file.lastAccess < cutoff {
            try? fileSystem.remove(file.url)
        }
    }

    private func fileURL(named name: String) -> URL {
        URL(filePath: directoryPath + "/" + name, directoryHint: .notDirectory)
    }

    /// `<16 hex digits of the key's fingerprint>.cache`, written in one go (it is on every hit's path).
    static func fileName(for key: Key) -> String {
        String(unsafeUninitializedCapacity: 16 + fileExtension.utf8.count) { buffer in
            var fingerprint = key.fingerprint
            for index in (0..<16).reversed() {
                let digit = UInt8(truncatingIfNeeded: fingerprint & 0xf)
                buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                fingerprint >>= 4
            }
            var index = 16
            for byte in fileExtension.utf8 {
                buffer[index] = byte
                index += 1
            }
            return index
        }
    }

    private static func isEntryName(_ name: String) -> Bool {
        let utf8 = name.utf8
        return utf8.count == 16 + fileExtension.utf8.count && name.hasSuffix(fileExtension)
            && utf8.prefix(16).allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// `error` if it already is a `StorageError`, else the error `make` builds from its description.
    private static func mapping(_ error: any Error, _ make: (String) -> StorageError) -> StorageError {
        (error as? StorageError) ?? make(String(describing: error))
    }
}
