import Arguments
import Browse
import Commands
import Foundation
import Storage

extension CacheBackend {
    /// `--cache disk`: files under the cache directory, with memory in front, created and read on
    /// a thread of its own; its ledger keeps every run's hits and misses.
    static let disk = CacheBackend(
        declaration: BackendDeclaration("disk", summary: "files under the cache directory, across runs", options: [directory]),
        make: { configuration, _ in
            let directory = try configuration.diskCacheDirectory().appendingPathComponent("entries", isDirectory: true)
            return try await OwnThread.run { HybridCache(disk: try DiskCache(directory: directory)) }
        },
        observe: { configuration, resolver in
            CacheObserver(
                kind: "disk", cache: try await resolver(), ledger: DiskCacheLedger(directory: try configuration.diskCacheDirectory()))
        },
        maintenance: { configuration, _, console in
            DiskCacheMaintenance(directory: try configuration.diskCacheDirectory(), warn: console.warn)
        })

    /// `--cache-dir`: the disk cache's folder, read into `AppConfiguration.cacheDirectory`.
    static let directory: TypedOption<String?> = .path(
        "--cache-dir", help: "The disk cache (default $XDG_CACHE_HOME/excelsior, or ~/.cache/excelsior).")
}
