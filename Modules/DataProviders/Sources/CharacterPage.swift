/// One page of a character listing and where it sits in the whole set.
public struct CharacterPage: Codable, Sendable, Equatable {
    /// Index of the first result in the whole set.
    public let offset: Int
    /// Most results asked for.
    public let limit: Int
    /// Size of the whole (filtered) set.
    public let total: Int
    /// Results in this page.
    public let count: Int
    /// The characters.
    public let results: [Character]

    /// A page with the given fields.
    public init(offset: Int, limit: Int, total: Int, count: Int, results: [Character]) {
        self.offset = offset
        self.limit = limit
        self.total = total
        self.count = count
        self.results = results
    }
}
