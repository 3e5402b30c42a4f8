import Foundation
import Storage

/// The disk cache's hits and misses over every run that used it, kept beside its entries in
/// `statistics.json`, so `cache stats` can report them.
///
/// Each run adds its counts when it ends (read, add, write atomically). Two runs ending at the
/// same moment can lose one run's counts; the entries themselves are never at risk.
struct CacheLedger {
    /// The counts the ledger keeps.
    struct Totals: Codable, Equatable {
        var hits = 0
        var misses = 0
    }

    let file: URL

    /// The ledger of the cache in `directory`.
    init(directory: URL) {
        file = directory.appendingPathComponent("statistics.json")
    }

    /// The totals so far; a missing or unreadable ledger counts as zero.
    func totals() -> Totals {
        guard let data = try? Data(contentsOf: file), let totals = try? JSONDecoder().decode(Totals.self, from: data) else {
            return Totals()
        }
        return totals
    }

    /// Adds this run's hits and misses.
    func add(_ statistics: CacheStatistics) throws {
        guard statistics.hits + statistics.misses > 0 else { return }
        var totals = totals()
        totals.hits += statistics.hits
        totals.misses += statistics.misses
        try write(totals)
    }

    /// Starts the counts again from zero.
    func reset() throws {
        try write(Totals())
    }

    private func write(_ totals: Totals) throws {
        do {
            try JSONEncoder().encode(totals).write(to: file, options: .atomic)
        } catch {
            throw StorageError.cannotWrite(path: file.path, reason: error.localizedDescription)
        }
    }
}
