import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// Every cache of the module, and the spy, against the one `Caching` contract; each run also
/// checks that the cache is released afterwards.
@Suite struct CachingContractTests {
    @Test(arguments: CachingContract.Spec.allCases)
    func memoryCache(_ spec: CachingContract.Spec) async throws {
        try await withLeakTracking { leaks in
            try await CachingContract.verify(spec) { tracked(MemoryCache(), by: leaks) }
        }
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func diskCacheOnAnInMemoryFileSystem(_ spec: CachingContract.Spec) async throws {
        try await withLeakTracking { leaks in
            try await CachingContract.verify(spec) {
                tracked(try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: InMemoryFileSystem()), by: leaks)
            }
        }
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func diskCacheOnTheRealFileSystem(_ spec: CachingContract.Spec) async throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        try await withLeakTracking { leaks in
            try await CachingContract.verify(spec) { tracked(try DiskCache(directory: directory.url), by: leaks) }
        }
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func hybridCache(_ spec: CachingContract.Spec) async throws {
        try await withLeakTracking { leaks in
            try await CachingContract.verify(spec) {
                let disk = try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: InMemoryFileSystem())
                return tracked(HybridCache(disk: disk), by: leaks)
            }
        }
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func cachingSpy(_ spec: CachingContract.Spec) async throws {
        try await CachingContract.verify(spec) { CacheSpy() }
    }

    @Test(arguments: CachingContract.FailureSpec.allCases)
    func diskCacheFailures(_ spec: CachingContract.FailureSpec) async throws {
        try await CachingContract.verify(spec) {
            let fileSystem = InMemoryFileSystem()
            let cache = try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: fileSystem)
            return (cache, .injected(into: fileSystem))
        }
    }

    @Test(arguments: CachingContract.FailureSpec.allCases)
    func hybridCacheFailures(_ spec: CachingContract.FailureSpec) async throws {
        try await CachingContract.verify(spec) {
            let fileSystem = InMemoryFileSystem()
            let disk = try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: fileSystem)
            return (HybridCache(disk: disk), .injected(into: fileSystem))
        }
    }

    @Test(arguments: CachingContract.FailureSpec.allCases)
    func cachingSpyFailures(_ spec: CachingContract.FailureSpec) async throws {
        try await CachingContract.verify(spec) {
            let spy = CacheSpy()
            return (spy, spy.faults)
        }
    }

    private func tracked<Cache: Caching & AnyObject>(_ cache: Cache, by leaks: LeakTracker) -> Cache {
        leaks.trackForMemoryLeaks(cache)
        return cache
    }
}
