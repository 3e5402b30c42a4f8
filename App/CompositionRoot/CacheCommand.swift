import Foundation
import Storage

/// `cache stats` and `cache clear`: the disk cache under the configured cache directory, or the
/// Redis cache with `--cache redis`. Neither creates a directory that is not there; a ledger that
/// cannot be read or kept is a warning.
struct CacheCommand {
    let configuration: AppConfiguration
    let format: OutputFormat
    let warn: (String) -> Void

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
        let usage = try existingCache()?.usage() ?? DiskCache.Usage(count: 0, bytes: 0)
        let totals: CacheLedger.Totals
        do {
            totals = try CacheLedger(directory: try configuration.diskCacheDirectory()).totals()
        } catch {
            warn("hits and misses are unknown: \(error)")
            totals = CacheLedger.Totals()
        }
        let report = Report(
            directory: try configuration.diskCacheDirectory().path, entries: usage.count, bytes: usage.bytes,
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
        guard let cache = try existingCache() else {
            return "The disk cache at \(try configuration.diskCacheDirectory().path) is empty: there is nothing to remove."
        }
        let usage = try cache.usage()
        try cache.removeAll()
        do {
            try CacheLedger(directory: try configuration.diskCacheDirectory()).reset()
        } catch {
            warn("hits and misses were not reset: \(error)")
        }
        return
            "Emptied the disk cache at \(try configuration.diskCacheDirectory().path): removed \(usage.count) entries (\(usage.bytes) bytes)."
    }

    /// The disk cache, if its entries directory exists; nil without creating anything.
    private func existingCache() throws -> DiskCache? {
        guard FileManager.default.fileExists(atPath: try configuration.entriesDirectory().path) else { return nil }
        return try DiskCache(directory: try configuration.entriesDirectory())
    }
}
