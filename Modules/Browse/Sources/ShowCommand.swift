import Arguments
import CommandLineKit
import Repository

/// `show`: one character in full, or as JSON, then the cache's counts. Its options are declared,
/// read and used here.
public struct ShowCommand: ProgramCommand {
    /// What `show` was asked.
    public struct Request: Equatable, Sendable {
        /// The character's id.
        public var id: Int
        /// Table or JSON.
        public var format = OutputFormat.table
        /// Whether to print every count after the character.
        public var detailedStatistics = false

        /// A request for character `id` with every option at its default.
        public init(id: Int) {
            self.id = id
        }
    }

    private let request: Request
    private let browsing: Browsing

    /// Shows what `request` asks through `repository`, reporting on `cache`.
    public init(_ request: Request, repository: any CharacterRepository, cache: CacheObserver, console: Console) {
        self.request = request
        browsing = Browsing(
            repository: repository, cache: cache, format: request.format, detailedStatistics: request.detailedStatistics, console: console)
    }

    /// Prints the character, as a table or JSON.
    public func run() async throws {
        let console = browsing.console
        try await browsing.run { repository in
            let fetched = try await repository.character(by: request.id)
            if request.format == .json {
                console.out(try JSONText.text(CharacterJSON.Item(fetched.value)))
            } else {
                console.out(CharacterDetail(width: console.terminal.columns, terminal: console.terminal).render(fetched.value))
            }
            return fetched.isStale ? fetched.storedAt : nil
        }
    }

    // MARK: Command line

    /// `show`, declared in `context` and read into its `Request`.
    public static func command(_ context: BrowseCommandLine.Context) -> FeatureCommand<Request> {
        FeatureCommand(declaration(context)) { parsed throws(UsageError) in try read(parsed) }
    }

    static func declaration(_ context: BrowseCommandLine.Context) -> Command {
        Command(
            "show", abstract: "Print one character, from the cache when it holds it.", usage: "show <id> [options]",
            positionals: Positionals("<id>", missing: "show needs a character id, such as 'show 1011334'."),
            groups: BrowseCommandLine.groups(context),
            epilogue: """
                The table shows the name and id, the whole description wrapped to the terminal's width (80 when not a terminal),
                the modified date, the thumbnail URL, the counts of comics, series, stories and events with up to five names
                each, and the links (detail, wiki, comiclink; URLs are never cut). Missing fields show "—" or 0.

                JSON is the character, an object with the fields comics, description, events, id, modified, name, series,
                stories, thumbnail and urls; each of comics, series, stories and events is
                `{"available":N,"items":[{"name","resourceURI"}]}` and urls is `[{"type","url"}]`.
                """)
    }

    static func read(_ parsed: ParsedArguments) throws(UsageError) -> Request {
        var request = Request(id: try parsed.positiveID("show needs a positive whole-number character id"))
        request.format = parsed[BrowseCommandLine.format]
        request.detailedStatistics = parsed[BrowseCommandLine.stats]
        return request
    }
}
