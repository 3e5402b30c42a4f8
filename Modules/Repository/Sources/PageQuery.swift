import Storage

/// The parameters of one page request: what coalesces identical requests and names the
/// page in the cache.
struct PageQuery: Hashable, Sendable {
    let offset: Int
    let limit: Int
    let nameStartsWith: String?

    /// The cache key of the page: `characters?offset=0&limit=20`, plus `&nameStartsWith=…`
    /// when filtered (last, so no name can make two queries share a key).
    var key: Key {
        let query = "characters?offset=\(offset)&limit=\(limit)"
        return Key(nameStartsWith.map { query + "&nameStartsWith=" + $0 } ?? query)
    }
}
