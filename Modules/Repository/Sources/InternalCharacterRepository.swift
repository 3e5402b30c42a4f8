import DataProviders
import Storage
import Synchronization

/// The product's repository: cache-first for single characters, and every listed character
/// is cached so showing it later needs no provider call.
///
/// A failing cache never fails a read: a failed read counts as a miss, a failed write is
/// counted and skipped.
public final class InternalCharacterRepository: CharacterRepository {
    private let provider: any CharacterProviding
    private let cache: any Caching
    private let counts = Mutex(RepositoryStatistics())

    /// A repository reading through `provider` and keeping characters in `cache`.
    public init(provider: any CharacterProviding, cache: any Caching) {
        self.provider = provider
        self.cache = cache
    }

    public func characters(offset: Int, limit: Int) async throws -> CharacterPage {
        counts.withLock { $0.providerCalls += 1 }
        let page = try await provider.characters(offset: offset, limit: limit)
        page.results.forEach(store)
        return page
    }

    public func character(by id: Int) async throws -> Character {
        if let cached = cached(id) { return cached }
        counts.withLock { $0.providerCalls += 1 }
        let character = try await provider.character(by: id)
        store(character)
        return character
    }

    public var statistics: RepositoryStatistics {
        counts.withLock { $0 }
    }

    private func cached(_ id: Int) -> Character? {
        do {
            return try cache.get(id: id)
        } catch {
            counts.withLock { $0.cacheReadFailures += 1 }
            return nil
        }
    }

    private func store(_ character: Character) {
        do {
            try cache.set(value: character)
        } catch {
            counts.withLock { $0.cacheWriteFailures += 1 }
        }
    }
}
