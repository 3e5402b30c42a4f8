import DataProviders
import Storage

/// The parameters of one page request: what coalesces identical requests and names the
/// page in the cache.
struct PageQuery: Hashable, Sendable {
    let offset: Int
    let limit: Int
    let query: CharacterQuery

    /// The cache key of the page: `characters?offset=0&limit=20`, then every parameter of the
    /// query, values percent-encoded, so a different query never shares a key.
    var key: Key {
        let paging = "characters?offset=\(offset)&limit=\(limit)"
        let filters = query.description
        return Key(filters.isEmpty ? paging : paging + "&" + filters)
    }
}
