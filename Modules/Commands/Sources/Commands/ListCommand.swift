import CommandLineKit
import DataProviders
import Repository

/// `list`: one page of characters, as a table or JSON, then the cache's counts.
public struct ListCommand: ProgramCommand {
    private let offset: Int
    private let limit: Int
    private let query: CharacterQuery
    private let browse: Browse

    /// Lists `limit` characters from `offset` matching `query` through `repository`, reporting on `cache`.
    public init(
        offset: Int, limit: Int, query: CharacterQuery, repository: any CharacterRepository, cache: CacheObserver, format: OutputFormat,
        detailedStatistics: Bool, console: Console
    ) {
        self.offset = offset
        self.limit = limit
        self.query = query
        browse = Browse(repository: repository, cache: cache, format: format, detailedStatistics: detailedStatistics, console: console)
    }

    /// Prints the page of characters, as a table or JSON.
    public func run() async throws {
        let console = browse.console
        try await browse.run { repository in
            let fetched = try await repository.characters(offset: offset, limit: limit, query: query)
            let page = fetched.value
            if browse.format == .json {
                console.out(try JSONText.text(CharacterJSON.Page(page)))
            } else {
                console.out(CharacterTable(terminal: console.terminal).render(page.results))
                console.out("Showing \(page.count) of \(page.total) characters from offset \(page.offset).")
            }
            return fetched.isStale ? fetched.storedAt : nil
        }
    }
}
