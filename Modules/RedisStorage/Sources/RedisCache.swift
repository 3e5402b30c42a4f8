import Foundation
import PayloadCoding
import Redis
import Storage
import Synchronization

/// A `Caching` on a Redis server, shared by every process and machine that names the same server
/// and namespace.
///
/// - Each value is stored as the checksummed `EntryRecord` DiskCache writes (key, type, dates,
///   `PayloadEncoder` payload), so a torn, foreign or damaged value, one stored under another key with
///   the same fingerprint, or one whose value has another id than its key (`Key.identifies`), is a
///   miss, never a wrong value.
/// - A key's Redis key is the namespace followed by the 16 hex digits of its fingerprint.
/// - An entry with a time to live is stored with `PX`, so the server expires it.
/// - A value over `maxValueBytes` is never written, and one found on the server is refused from
///   its announced length, unread, then deleted; so is a key of another type under an entry's name.
/// - `removeAll` deletes the namespace's keys only (`SCAN` and `UNLINK`, never `FLUSHDB`).
/// - Failures (the server down, slow, or refusing a command) throw `RedisError` and change
///   nothing; the last one is kept in `lastError` for a warning.
/// - After a connection failure (a time-out, a refused or lost connection, a malformed reply) the
///   cache stops asking the server for `pauseAfterFailure` (by default for the rest of its life):
///   every call throws that failure at once and is counted in `skippedCalls`, so a server that
///   accepts and never answers costs one time-out, not one per call. An error reply (`OOM`,
///   `NOPERM`) is not a connection failure and stops nothing.
///
/// Thread-safe; every call is one or a few round trips to the server.
public final class RedisCache: Caching {
    /// The client the cache talks through.
    public let client: RedisClient
    /// The prefix of every key the cache writes.
    public let namespace: String
    /// How long an entry set without its own time to live stays, or nil for ever.
    public let timeToLive: TimeInterval?
    /// How long the cache stops asking the server after a connection failure; nil: for good.
    public let pauseAfterFailure: Duration?
    /// The largest value the cache writes or reads, in bytes; a larger one found on the server is
    /// a dropped miss, refused from its length without being read.
    public let maxValueBytes: Int

    private let prefix: [UInt8]
    private let now: @Sendable () -> Date
    private let encoder = PayloadEncoder()
    private let decoder = PayloadDecoder()
    private let state = Mutex(State())

    private struct State {
        var statistics = CacheStatistics()
        var lastError: RedisError?
        /// The connection failure that stopped the cache, and when it may ask again (nil: never).
        var outage: (error: RedisError, until: ContinuousClock.Instant?)?
        var skippedCalls = 0
    }

    /// The namespace used unless another is given.
    public static let defaultNamespace = "excelsior:"

    /// A cache on the server `client` talks to, with keys under `namespace`, entries kept for
    /// `timeToLive` seconds (nil: until removed or evicted), telling time with `now`; after a
    /// connection failure it stops asking the server for `pauseAfterFailure` (nil: for good, which
    /// bounds what a dead server costs a short-lived process to one time-out); values are at most
    /// `maxValueBytes` (by default the disk cache's bound on an entry, 8 MiB).
    public init(
        client: RedisClient,
        namespace: String = defaultNamespace,
        timeToLive: TimeInterval? = nil,
        pauseAfterFailure: Duration? = nil,
        maxValueBytes: Int = DiskCache.defaultMaxEntryBytes,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.namespace = namespace
        self.timeToLive = timeToLive
        self.pauseAfterFailure = pauseAfterFailure
        self.maxValueBytes = maxValueBytes
        self.now = now
        prefix = Array(namespace.utf8)
    }

    /// Stores `value` under `key` for the cache's own time to live.
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws {
        try set(value, for: key, timeToLive: nil)
    }

    /// Stores `value` under `key`, kept for `timeToLive` seconds (nil: the cache's own time to live).
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key, timeToLive: TimeInterval?) throws {
        let typeName = Key.typeName(of: Value.self)
        let payload: Data
        do {
            payload = try encoder.encode(value)
        } catch {
            throw StorageError.cannotEncode(type: typeName, reason: String(describing: error))
        }
        let date = now()
        let lifetime = timeToLive ?? self.timeToLive
        let record = EntryRecord(
            key: key.value, type: typeName, storedAt: date, expiresAt: lifetime.map(date.addingTimeInterval), payload: payload)
        let milliseconds = lifetime.map { max(1, Int(($0 * 1000).rounded(.up))) }
        let name = redisKey(for: key)
        let bytes = Array(record.encoded())
        guard bytes.count <= maxValueBytes else {
            throw StorageError.tooLarge(path: String(decoding: name, as: UTF8.self), size: bytes.count, limit: maxValueBytes)
        }
        try recording { () throws(RedisError) in try client.set(name, bytes, milliseconds: milliseconds) }
        state.withLock { $0.statistics.stores += 1 }
    }

    /// The value under `key`, or nil on a miss (none, expired, damaged, another key, type or id);
    /// throws `RedisError` only when the server cannot be asked.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws(RedisError) -> Value? {
        let name = redisKey(for: key)
        let lookup = try recording { () throws(RedisError) -> Lookup in
            do throws(RedisError) {
                return try client.get(name, maxLength: maxValueBytes).map(Lookup.value) ?? .absent
            } catch .server(let message) where Self.isWrongType(message) {
                return .unusable
            } catch .valueTooLarge {
                return .unusable
            }
        }
        let bytes: [UInt8]
        switch lookup {
        case .absent: return miss(nil)
        case .unusable: return dropped(name)
        case .value(let value): bytes = value
        }
        guard let record = try? EntryRecord(decoding: Data(bytes)) else { return dropped(name) }
        guard record.key == key.value, record.type == Key.typeName(of: Value.self) else { return miss(nil) }
        guard !record.isExpired(at: now()) else { return miss(\.expirations) }
        guard let value = try? decoder.decode(Value.self, from: record.payload) else { return miss(\.corruptEntriesDropped) }
        guard key.identifies(value) else { return dropped(name) }
        state.withLock { $0.statistics.hits += 1 }
        return value
    }

    /// Removes `key`'s entry, if any.
    public func remove(_ key: Key) throws(RedisError) {
        _ = try recording { () throws(RedisError) in try client.unlink([redisKey(for: key)]) }
    }

    /// Removes every key under the namespace (`SCAN` and `UNLINK`), and nothing else.
    public func removeAll() throws(RedisError) {
        try recording { () throws(RedisError) in
            try client.scanAll(match: pattern) { keys throws(RedisError) in try client.unlink(keys) }
        }
    }

    /// What this instance has counted since it was made.
    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// The last failure a call met, or nil when none failed.
    public var lastError: RedisError? {
        state.withLock { $0.lastError }
    }

    /// The last failure in words, naming the server by its URL without the password; nil when none failed.
    public var lastFailure: String? {
        lastError.map { "the Redis cache at \(client.configuration.redactedURL) failed (\($0.description))" }
    }

    /// The calls that failed at once, without asking the server, because a connection failure
    /// had stopped the cache.
    public var skippedCalls: Int {
        state.withLock { $0.skippedCalls }
    }

    /// How many keys the namespace holds on the server, whatever their type, and the bytes of
    /// those that hold strings (a list or hash someone put there counts as an entry of 0 bytes).
    public func usage() throws(RedisError) -> (count: Int, bytes: Int) {
        try recording { () throws(RedisError) in
            var count = 0
            var bytes = 0
            try client.scanAll(match: pattern) { keys throws(RedisError) in
                for reply in try client.replies(to: keys.map { RedisCommand("STRLEN", arguments: [$0]) }) {
                    switch reply {
                    case .integer(let length): bytes += Int(length)
                    case .error(let message) where Self.isWrongType(message): break
                    case .error(let message): throw .server(message)
                    default: throw .unexpectedReply(command: "STRLEN", reply: reply.description)
                    }
                    count += 1
                }
            }
            return (count, bytes)
        }
    }

    /// Whether the server's error says the key holds another type than a string.
    private static func isWrongType(_ message: String) -> Bool {
        message.hasPrefix("WRONGTYPE")
    }

    /// The Redis key that holds `key`'s entry: the namespace and the key's fingerprint in hex.
    public func redisKey(for key: Key) -> [UInt8] {
        let hex = String(key.fingerprint, radix: 16)
        return prefix + Array(repeating: UInt8(ascii: "0"), count: 16 - hex.utf8.count) + Array(hex.utf8)
    }

    /// The `SCAN` pattern of the namespace's keys: the namespace, glob characters escaped, then `*`.
    private var pattern: [UInt8] {
        var pattern: [UInt8] = []
        for byte in prefix {
            if "*?[]\\".utf8.contains(byte) { pattern.append(UInt8(ascii: "\\")) }
            pattern.append(byte)
        }
        return pattern + [UInt8(ascii: "*")]
    }

    /// What a `GET` found: a value, nothing, or something that is not an entry at all.
    private enum Lookup {
        case value([UInt8])
        case absent
        case unusable
    }

    /// A miss for a value that is not an entry (damaged, of another type, too large), deleted and counted.
    private func dropped<Value>(_ name: [UInt8]) -> Value? {
        _ = try? recording { () throws(RedisError) in try client.unlink([name]) }
        return miss(\.corruptEntriesDropped)
    }

    private func miss<Value>(_ reason: WritableKeyPath<CacheStatistics, Int>?) -> Value? {
        state.withLock { state in
            state.statistics.misses += 1
            if let reason { state.statistics[keyPath: reason] += 1 }
        }
        return nil
    }

    /// `body`'s result; a failure is kept as `lastError`, then thrown. While a connection failure
    /// stops the cache, `body` is not run: that failure is thrown at once.
    private func recording<Result>(_ body: () throws(RedisError) -> Result) throws(RedisError) -> Result {
        let pause = pauseAfterFailure
        try state.withLock { state throws(RedisError) in
            guard let outage = state.outage else { return }
            if let until = outage.until, until <= .now {
                state.outage = nil
                return
            }
            state.skippedCalls += 1
            throw outage.error
        }
        do {
            return try body()
        } catch {
            state.withLock { state in
                state.lastError = error
                if error.isConnectionFailure, state.outage == nil {
                    state.outage = (error, pause.map { ContinuousClock.now.advanced(by: $0) })
                }
            }
            throw error
        }
    }
}
