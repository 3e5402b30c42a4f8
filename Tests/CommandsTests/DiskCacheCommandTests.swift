import Browse
import BrowseTesting
import CommandLineKit
import Commands
import DataProviders
import DataProvidersTesting
import Foundation
import Repository
import Storage
import TestSupport
import Testing

/// The disk cache under `list`, `show` and `cache stats`, each run with a cache and a
/// repository of its own as a process of the program has: entries and bytes, hits and misses
/// across runs, and a folder that cannot be made.
@Suite struct DiskCacheCommandTests {
    let folder: ScratchDirectory

    init() throws {
        folder = try ScratchDirectory(prefix: "excelsior-disk-cache")
    }

    /// A read as one run of the program makes it: a disk cache in `folder` with memory in front,
    /// its run's hits and misses kept in the ledger beside it.
    private func read(
        _ command: @escaping (any CharacterRepository, CacheObserver, Console) -> any ProgramCommand
    ) async throws -> CommandRun {
        let cache = HybridCache(disk: try DiskCache(directory: folder.url.appendingPathComponent("entries", isDirectory: true)))
        let repository = InternalCharacterRepository(provider: InMemoryCharacterProvider(Catalogue.characters), cache: cache)
        let observer = CacheObserver(kind: "disk", cache: cache, ledger: DiskCacheLedger(directory: folder.url))
        return await CommandRun { command(repository, observer, $0) }
    }

    private func cacheStats(_ format: OutputFormat) async -> CommandRun {
        await CommandRun {
            CacheCommand(.statistics, maintenance: DiskCacheMaintenance(directory: folder.url, warn: { _ in }), format: format, console: $0)
        }
    }

    @Test func cacheStatsReportsEntriesBytesAndEveryRunsHitsAndMisses() async throws {
        var page = ListCommand.Request()
        page.limit = 3
        let list = try await read { ListCommand(page, repository: $0, cache: $1, console: $2) }
        #expect(list.exitCode == .ok)
        let show = try await read {
            ShowCommand(.init(id: Catalogue.threeDMan.id), repository: $0, cache: $1, console: $2)
        }
        #expect(show.outLines.last == "cache (disk): hits 1, misses 0, stored 0; provider calls 0")

        let stats = await cacheStats(.json)
        #expect(stats.exitCode == .ok)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.out.joined().utf8)) as? [String: Any])
        #expect(report["entries"] as? Int == 4)
        #expect((report["bytes"] as? Int ?? 0) > 0)
        #expect(report["hits"] as? Int == 1)
        #expect(report["misses"] as? Int == 1)
        #expect(report["directory"] as? String == folder.url.path)

        let table = await cacheStats(.table)
        #expect(table.outLines.first == "directory  \(folder.url.path)")
        #expect(table.outLines.contains("entries    4"))
    }

    @Test func aCacheDirectoryThatCannotBeCreatedExits73() throws {
        try Data("a file".utf8).write(to: folder.url.appendingPathComponent("not-a-directory"))
        let blocked = folder.url.appendingPathComponent("not-a-directory/cache").path
        let error = #expect(throws: StorageError.self) {
            try DiskCache(directory: URL(fileURLWithPath: blocked).appendingPathComponent("entries", isDirectory: true))
        }
        let report = ErrorReport(try #require(error))
        #expect(report.exitCode == .cannotCreate)
        #expect(!report.message.contains("\n"))
        #expect(report.message.hasPrefix("Cannot use the disk cache: cannot create the cache directory \(blocked)"), "\(report.message)")
    }
}
