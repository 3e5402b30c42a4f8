import Foundation

/// The disk cache's hits and misses over every run that used it, kept beside its entries in
/// `statistics.json`, so `cache stats` can report them.
///
/// Each run adds its counts when it ends (read, add, write atomically). Two runs ending at the
/// same moment can lose one run's counts; the entries themselves are never at risk. Counting is
/// bookkeeping: callers warn when it fails and never fail a read for it. The file is read only
/// when it is a regular file of at most `maxBytes`, and a file that is not the ledger's own
/// (other keys, other types) is never overwritten.
public struct DiskCacheLedger: CacheLedger {
    /// The counts the ledger keeps.
    struct Totals: Codable, Equatable, Sendable {
        var hits = 0
        var misses = 0
    }

    /// Why the ledger could not be read or kept.
    public enum Failure: Error, CustomStringConvertible {
        /// The file exists but is not a ledger this program wrote.
        case foreign(path: String)
        /// The file could not be read or written.
        case storage(StorageError)

        /// The failure in words, for a warning.
        public var description: String {
            switch self {
            case .foreign(let path): "\(path) is not a statistics file of this program; it is left as it is"
            case .storage(let error): error.description
            }
        }
    }

    /// The largest ledger file read; the ledger itself takes a few dozen bytes.
    static let maxBytes = 4096

    let file: URL
    private let fileSystem = LocalFileSystem()

    /// The ledger of the cache in `directory`.
    public init(directory: URL) {
        file = directory.appendingPathComponent("statistics.json")
    }

    /// The totals so far; no ledger yet counts as zero.
    func totals() throws(Failure) -> Totals {
        let data: Data?
        do {
            data = try fileSystem.read(file, limit: Self.maxBytes)
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.cannotRead(path: file.path, reason: "\(error)"))
        }
        guard let data else { return Totals() }
        guard let totals = Self.decode(data) else { throw .foreign(path: file.path) }
        return totals
    }

    /// Adds this run's hits and misses.
    public func add(_ statistics: CacheStatistics) throws(Failure) {
        guard statistics.hits + statistics.misses > 0 else { return }
        var totals = try totals()
        totals.hits += statistics.hits
        totals.misses += statistics.misses
        try write(totals)
    }

    /// Starts the counts again from zero.
    func reset() throws(Failure) {
        _ = try totals()
        try write(Totals())
    }

    private func write(_ totals: Totals) throws(Failure) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try fileSystem.write(try encoder.encode(totals), to: file)
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.cannotWrite(path: file.path, reason: "\(error)"))
        }
    }

    /// The totals in `data` if it is exactly a ledger: an object of the two counts, nothing else.
    private static func decode(_ data: Data) -> Totals? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            Set(object.keys) == ["hits", "misses"]
        else { return nil }
        return try? JSONDecoder().decode(Totals.self, from: data)
    }
}
