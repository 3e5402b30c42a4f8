import DataProviders
import Foundation
import Storage
import Synchronization

/// The product's repository: cache-first reads under a `CachePolicy`, stale-if-error, and one
/// provider call for any number of identical requests in flight.
///
/// - A fresh cached page or character is served without a provider call; a stale or missing
///   one is fetched, and every character of a fetched page is cached as a detail too.
/// - When the provider is unavailable (`ProviderError.unavailable`), a stale cached value is
///   served marked stale; any other error, or nothing cached, reaches the caller.
/// - A failing cache never fails a read: a failed read counts as a miss, a failed write is
///   counted and skipped.
public final class InternalCharacterRepository: CharacterRepository {
    private let provider: any CharacterProviding
    private let cache: any Caching
    private let policy: CachePolicy
    private let now: @Sendable () -> Date
    private let counts = Mutex(RepositoryStatistics())
    private let pageRequests = RequestCoalescer<PageQuery, Fetched<CharacterPage>>()
    private let characterRequests = RequestCoalescer<Int, Fetched<Character>>()

    /// A repository reading through `provider`, keeping pages and characters in `cache` as
    /// long as `policy` says, and telling time with `now`.
    public init(
        provider: any CharacterProviding,
        cache: any Caching,
        policy: CachePolicy = .standard,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.provider = provider
        self.cache = cache
        self.policy = policy
        self.now = now
    }

    /// The page, from the cache when fresh, else from the provider, else a stale copy when the provider is unavailable.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> Fetched<CharacterPage> {
        let query = PageQuery(offset: offset, limit: limit, query: query)
        return try await read(query.key, maxAge: policy.pageMaxAge, coalescing: query, in: pageRequests) {
            try await self.fetchPage(query)
        }
    }

    /// The character, from the cache when fresh, else from the provider, else a stale copy when the provider is unavailable.
    public func character(by id: Int) async throws -> Fetched<Character> {
        try await read(Self.characterKey(id), maxAge: policy.detailMaxAge, coalescing: id, in: characterRequests) {
            try await self.fetchCharacter(id)
        }
    }

    /// Every count so far: provider calls, cache hits, stale and coalesced reads, cache failures.
    public var statistics: RepositoryStatistics {
        counts.withLock { $0 }
    }

    /// The cached value under `key` while it is fresh; otherwise `fetch`'s answer, shared with
    /// identical requests in flight; or the stale cached value if the provider is unavailable.
    private func read<Value: Codable & Sendable, Request: Hashable & Sendable>(
        _ key: Key,
        maxAge: TimeInterval,
        coalescing request: Request,
        in requests: RequestCoalescer<Request, Fetched<Value>>,
        fetch: @escaping @Sendable () async throws -> Fetched<Value>
    ) async throws -> Fetched<Value> {
        let cached = cached(Stamped<Value>.self, for: key)
        if let cached, cached.isFresh(maxAge: maxAge, at: now()) {
            count(\.cacheHits)
            return Fetched(value: cached.value, origin: .cache, storedAt: cached.storedAt)
        }
        do {
            return try await requests.value(for: request, onJoin: { count(\.coalescedCalls) }, work: fetch)
        } catch let error as ProviderError {
            guard case .unavailable = error, let cached else { throw error }
            count(\.staleServed)
            return Fetched(value: cached.value, origin: .cache, isStale: true, storedAt: cached.storedAt)
        }
    }

    private func fetchPage(_ query: PageQuery) async throws -> Fetched<CharacterPage> {
        count(\.providerCalls)
        let page = try await provider.characters(offset: query.offset, limit: query.limit, query: query.query)
        let storedAt = now()
        for character in page.results {
            store(character, for: Self.characterKey(character.id), at: storedAt)
        }
        return fetched(page, storedUnder: query.key, at: storedAt)
    }

    private func fetchCharacter(_ id: Int) async throws -> Fetched<Character> {
        count(\.providerCalls)
        let character = try await provider.character(by: id)
        return fetched(character, storedUnder: Self.characterKey(id), at: now())
    }

    /// `value` from the provider, after storing it under `key` stamped `storedAt`.
    private func fetched<Value: Codable & Sendable>(_ value: Value, storedUnder key: Key, at storedAt: Date) -> Fetched<Value> {
        let stored = store(value, for: key, at: storedAt)
        return Fetched(value: value, origin: .provider, storedAt: stored ? storedAt : nil)
    }

    /// The cache key of the character with `id`.
    private static func characterKey(_ id: Int) -> Key {
        Key(Stamped<Character>.self, id: id)
    }

    private func cached<Value: Codable & Sendable>(_ type: Stamped<Value>.Type, for key: Key) -> Stamped<Value>? {
        do {
            return try cache.get(type, for: key)
        } catch {
            count(\.cacheReadFailures)
            return nil
        }
    }

    @discardableResult
    private func store<Value: Codable & Sendable>(_ value: Value, for key: Key, at storedAt: Date) -> Bool {
        do {
            try cache.set(Stamped(value: value, storedAt: storedAt), for: key)
            return true
        } catch {
            count(\.cacheWriteFailures)
            return false
        }
    }

    private func count(_ counter: WritableKeyPath<RepositoryStatistics, Int>) {
        counts.withLock { $0[keyPath: counter] += 1 }
    }
}
