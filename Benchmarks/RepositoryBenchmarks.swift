import DataProviders
import Foundation
import Repository
import Storage
import Synchronization

/// Repository cases: `character(by:)` and a page of 20 answered
/// from a warm `MemoryCache`, each against reading the same value from the cache directly.
enum RepositoryBenchmarks {
    static var all: [Benchmark] {
        [
            Benchmark(group: "repository.detail", name: "MemoryCache.get(id:)", role: .floor, operationsPerRound: 200_000) { count in
                let cache = MemoryCache()
                try cache.set(value: heroes[0])
                for _ in 0..<count { blackHole(try cache.get(id: heroes[0].id) as Character?) }
            },
            Benchmark(group: "repository.detail", name: "character(by:), warm MemoryCache", role: .subject, operationsPerRound: 200_000) {
                count in
                let repository = try warmRepository()
                try blocking {
                    for _ in 0..<count { blackHole(try await repository.character(by: heroes[0].id)) }
                }
            },
            Benchmark(group: "repository.page", name: "MemoryCache.get of a page of 20", role: .floor, operationsPerRound: 200_000) {
                count in
                let cache = MemoryCache()
                let (offset, limit) = (page.offset, page.limit)
                cache.set(page, for: Key("characters?offset=\(offset)&limit=\(limit)"))
                for _ in 0..<count { blackHole(cache.get(CharacterPage.self, for: Key("characters?offset=\(offset)&limit=\(limit)"))) }
            },
            Benchmark(group: "repository.page", name: "characters(offset:limit:), warm cache", role: .subject, operationsPerRound: 200_000)
            { count in
                let repository = try warmRepository()
                try blocking {
                    for _ in 0..<count { blackHole(try await repository.characters(offset: 0, limit: 20)) }
                }
            },
        ]
    }

    static let heroes = (1...20).map { Character(id: 1_009_000 + $0, name: "Benchmark Hero \($0)", description: "Made up to be measured.") }
    static let page = CharacterPage(offset: 0, limit: 20, total: 20, count: 20, results: heroes)

    /// A repository whose cache holds the first page (and so every hero on it), fresh.
    private static func warmRepository() throws -> InternalCharacterRepository {
        let repository = InternalCharacterRepository(provider: FixedPage(page: page), cache: MemoryCache())
        try blocking { _ = try await repository.characters(offset: 0, limit: 20) }
        return repository
    }

    /// Runs `body` on the concurrency pool and blocks the calling thread until it ends: the
    /// harness is synchronous and the repository is async.
    private static func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do { try await body() } catch { outcome.failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = outcome.failure.withLock({ $0 }) { throw error }
    }

    private final class Outcome: Sendable {
        let failure = Mutex<(any Error)?>(nil)
    }

    /// A provider with one page, so warming the cache costs next to nothing.
    private struct FixedPage: CharacterProviding {
        let page: CharacterPage

        func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage { page }

        func character(by id: Int) async throws -> Character {
            guard let hero = page.results.first(where: { $0.id == id }) else { throw ProviderError.notFound(id: id) }
            return hero
        }
    }
}
