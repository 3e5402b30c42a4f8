/// The Marvel API's response envelope (`CharacterDataWrapper` and its kin) around `Result`s.
public struct MarvelDataWrapper<Result: Decodable & Sendable>: Decodable, Sendable {
    /// The HTTP status code repeated in the body.
    public let code: Int?
    /// A short status text, such as "Ok".
    public let status: String?
    /// The copyright notice.
    public let copyright: String?
    /// The attribution text to show with the data.
    public let attributionText: String?
    /// A digest of the content.
    public let etag: String?
    /// The page of results.
    public let data: MarvelDataContainer<Result>
}

/// The page inside a Marvel envelope: where it starts, how big it is, and its results.
public struct MarvelDataContainer<Result: Decodable & Sendable>: Decodable, Sendable {
    /// Index of the first result in the whole set.
    public let offset: Int
    /// Most results asked for.
    public let limit: Int
    /// Size of the whole (filtered) set.
    public let total: Int
    /// Results in this page.
    public let count: Int
    /// The results.
    public let results: [Result]
}
