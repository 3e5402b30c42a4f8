import CommandLineKit
import Repository

/// `show`: one character in full, or as JSON, then the cache's counts.
public struct ShowCommand: ProgramCommand {
    private let id: Int
    private let browse: Browse

    /// Shows character `id` through `repository`, reporting on `cache`.
    public init(
        id: Int, repository: any CharacterRepository, cache: CacheObserver, format: OutputFormat, detailedStatistics: Bool, console: Console
    ) {
        self.id = id
        browse = Browse(repository: repository, cache: cache, format: format, detailedStatistics: detailedStatistics, console: console)
    }

    /// Prints the character, as a table or JSON.
    public func run() async throws {
        let console = browse.console
        try await browse.run { repository in
            let fetched = try await repository.character(by: id)
            if browse.format == .json {
                console.out(try JSONText.text(CharacterJSON.Item(fetched.value)))
            } else {
                console.out(CharacterDetail(width: console.terminal.columns, terminal: console.terminal).render(fetched.value))
            }
            return fetched.isStale ? fetched.storedAt : nil
        }
    }
}
