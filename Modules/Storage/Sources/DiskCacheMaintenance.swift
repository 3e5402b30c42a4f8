import Foundation

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

    /// The folder, its entries and bytes, and the hits and misses of every run that used it.
    public func statistics() throws -> [CacheFigure] {
        let usage = try existingCache()?.usage() ?? DiskCache.Usage(count: 0, bytes: 0)
        let totals: DiskCacheLedger.Totals
        do {
            totals = try DiskCacheLedger(directory: directory).totals()
        } catch {
            warn("hits and misses are unknown: \(error)")
            totals = DiskCacheLedger.Totals()
        }
        return [
            CacheFigure("directory", .text(directory.path)), CacheFigure("entries", .count(usage.count)),
            CacheFigure("bytes", .count(usage.bytes)), CacheFigure("hits", .count(totals.hits)),
            CacheFigure("misses", .count(totals.misses)),
        ]
    }

    /// Removes every entry and resets the hits and misses; says how many entries and bytes went.
    public func clear() throws -> String {
        guard let cache = try existingCache() else {
            return "The disk cache at \(directory.path) is empty: there is nothing to remove."
        }
        let usage = try cache.usage()
        try cache.removeAll()
        do {
            try DiskCacheLedger(directory: directory).reset()
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
