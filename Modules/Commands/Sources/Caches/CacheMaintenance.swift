import Foundation
import Redis
import Storage

/// What `cache stats` and `cache clear` work on: a cache that can report its size and be emptied.
public protocol CacheMaintenance: Sendable {
    /// The cache's statistics, as a table or as JSON.
    func statistics(format: OutputFormat) throws -> String
    /// Empties the cache and says what was removed.
    func clear() throws -> String
}

/// The disk cache under a directory: entries and bytes now, hits and misses over every run that
/// used it. Neither report nor clear creates a directory that is not there; a ledger that cannot
/// be read or kept is a warning.
public struct DiskCacheMaintenance: CacheMaintenance {
    /// The disk cache's folder: entries in `entries/`, the ledger beside them.
    public let directory: URL
    private let warn: @Sendable (String) -> Void

    /// The disk cache in `directory`, warning through `warn`.
    public init(directory: URL, warn: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.warn = warn
    }

    /// Entries and bytes now, hits and misses over every run that used the disk cache.
    struct Report: Encodable {
        let directory: String
        let entries: Int
        let bytes: Int
        let hits: Int
        let misses: Int
    }

    public func statistics(format: OutputFormat) throws -> String {
        let usage = try existingCache()?.usage() ?? DiskCache.Usage(count: 0, bytes: 0)
        let totals: CacheLedger.Totals
        do {
            totals = try CacheLedger(directory: directory).totals()
        } catch {
            warn("hits and misses are unknown: \(error)")
            totals = CacheLedger.Totals()
        }
        let report = Report(directory: directory.path, entries: usage.count, bytes: usage.bytes, hits: totals.hits, misses: totals.misses)
        if format == .json { return try CharacterJSON.text(report) }
        return """
            directory  \(report.directory)
            entries    \(report.entries)
            bytes      \(report.bytes)
            hits       \(report.hits)
            misses     \(report.misses)
            """
    }

    public func clear() throws -> String {
        guard let cache = try existingCache() else {
            return "The disk cache at \(directory.path) is empty: there is nothing to remove."
        }
        let usage = try cache.usage()
        try cache.removeAll()
        do {
            try CacheLedger(directory: directory).reset()
        } catch {
            warn("hits and misses were not reset: \(error)")
        }
        return "Emptied the disk cache at \(directory.path): removed \(usage.count) entries (\(usage.bytes) bytes)."
    }

    /// The disk cache, if its entries directory exists; nil without creating anything.
    private func existingCache() throws -> DiskCache? {
        let entries = directory.appendingPathComponent("entries", isDirectory: true)
        guard FileManager.default.fileExists(atPath: entries.path) else { return nil }
        return try DiskCache(directory: entries)
    }
}

/// The Redis cache: the namespace's keys on the server.
public struct RedisCacheMaintenance: CacheMaintenance {
    private let cache: RedisCache

    /// The keys `cache` keeps on its server.
    public init(cache: RedisCache) {
        self.cache = cache
    }

    /// The server, the namespace, and its entries and bytes now.
    struct Report: Encodable {
        let server: String
        let namespace: String
        let entries: Int
        let bytes: Int
    }

    public func statistics(format: OutputFormat) throws -> String {
        let usage = try cache.usage()
        let report = Report(server: server, namespace: cache.namespace, entries: usage.count, bytes: usage.bytes)
        if format == .json { return try CharacterJSON.text(report) }
        return """
            server     \(report.server)
            namespace  \(report.namespace)
            entries    \(report.entries)
            bytes      \(report.bytes)
            """
    }

    public func clear() throws -> String {
        let usage = try cache.usage()
        try cache.removeAll()
        return
            "Emptied the Redis cache at \(server) (keys under \(cache.namespace)): removed \(usage.count) entries (\(usage.bytes) bytes)."
    }

    /// The server's URL without its password, safe for a terminal (a user name may hold anything).
    private var server: String { TerminalText.safe(cache.client.configuration.redactedURL) }
}
