import Commands
import Foundation
import Storage

extension CacheBackend {
    /// `--cache disk`: files under the cache directory, with memory in front, created and read on
    /// a thread of its own; its ledger keeps every run's hits and misses.
    static let disk = CacheBackend(
        choice: .disk,
        make: { configuration, _ in
            let directory = try configuration.diskCacheDirectory().appendingPathComponent("entries", isDirectory: true)
            return try await OwnThread.run { HybridCache(disk: try DiskCache(directory: directory)) }
        },
        observe: { configuration, resolver in
            CacheObserver(
                kind: .disk, cache: try await resolver(), ledger: DiskCacheLedger(directory: try configuration.diskCacheDirectory()))
        },
        maintenance: { configuration, _, console in
            DiskCacheMaintenance(directory: try configuration.diskCacheDirectory(), warn: console.warn)
        })
}
