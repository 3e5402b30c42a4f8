import Foundation
import Storage

/// `cache stats` and `cache clear`: the disk cache under the configured cache directory, or the
/// Redis cache with `--cache redis`.
struct CacheCommand {
    let configuration: AppConfiguration
    let format: OutputFormat

    /// Entries and bytes now, hits and misses over every run that used the disk cache.
    struct Report: Encodable {
        let directory: String
        let entries: Int
        let bytes: Int
        let hits: Int
        let misses: Int
    }

    func statistics() throws -> String {
        if configuration.cache == .redis { return try RedisCacheCommand(configuration: configuration, format: format).statistics() }
        let cache = try DiskCache(directory: configuration.entriesDirectory)
        let usage = try cache.usage()
        let totals = CacheLedger(directory: configuration.cacheDirectory).totals()
        let report = Report(
            directory: configuration.cacheDirectory.path, entries: usage.count, bytes: usage.bytes,
            hits: totals.hits, misses: totals.misses)
        if format == .json { return try CharacterJSON.text(report) }
        return """
            directory  \(report.directory)
            entries    \(report.entries)
            bytes      \(report.bytes)
            hits       \(report.hits)
            misses     \(report.misses)
            """
    }

    func clear() throws -> String {
        if configuration.cache == .redis { return try RedisCacheCommand(configuration: configuration, format: format).clear() }
        let cache = try DiskCache(directory: configuration.entriesDirectory)
        let usage = try cache.usage()
        try cache.removeAll()
        try CacheLedger(directory: configuration.cacheDirectory).reset()
        return "Emptied the disk cache at \(configuration.cacheDirectory.path): removed \(usage.count) entries (\(usage.bytes) bytes)."
    }
}
