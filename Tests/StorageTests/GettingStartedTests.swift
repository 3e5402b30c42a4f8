import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

// The code of Modules/Storage/Sources/Storage.docc/GettingStarted.md, block for block, so the
// article's code is proven to compile and run.

struct Hero: Identifiable, Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

func heroCache(in folder: URL) throws -> HybridCache {
    let disk = try DiskCache(directory: folder, byteLimit: 50_000_000, timeToLive: 86_400)
    return HybridCache(memory: MemoryCache(countLimit: 500), disk: disk)
}

@Suite struct GettingStartedTests {
    @Test func theArticleHoldsThisFilesCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try ArticleCode(contentsOf: root.appendingPathComponent("Modules/Storage/Sources/Storage.docc/GettingStarted.md"))
        #expect(article.blocks.count == 5)
        #expect(article.blocksMissing(from: try String(contentsOf: here, encoding: .utf8)) == [])
    }

    @Test func storesAndReadsValues() throws {
        let cache: any Caching = MemoryCache(countLimit: 1_000, timeToLive: 3_600)
        try cache.set(value: Hero(id: 1_009_610, name: "Spider-Man"))
        let hero: Hero? = try cache.get(id: 1_009_610)
        #expect(hero == Hero(id: 1_009_610, name: "Spider-Man"))

        let page = Key("characters?offset=0&limit=20")
        try cache.set(["Spider-Man", "Storm"], for: page)
        let names = try cache.get([String].self, for: page)
        #expect(names == ["Spider-Man", "Storm"])
    }

    @Test func aHybridCacheKeepsValuesOnDisk() throws {
        let folder = try ScratchDirectory(prefix: "heroes")
        try heroCache(in: folder.url).set(value: Hero(id: 1, name: "Storm"))
        #expect(try heroCache(in: folder.url).get(id: 1) == Hero(id: 1, name: "Storm"))
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func heroCacheMeetsTheContract(_ spec: CachingContract.Spec) async throws {
        let folder = try ScratchDirectory(prefix: "heroes")
        try await CachingContract.verify(spec) { try heroCache(in: folder.url) }
    }
}
