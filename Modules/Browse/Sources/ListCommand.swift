import Arguments
import CommandLineKit
import DataProviders
import Foundation
import Repository

/// `list`: one page of characters, as a table or JSON, then the cache's counts. Its options are
/// declared, read and used here, so an option on `list` is a change to this file.
public struct ListCommand: ProgramCommand {
    /// What `list` was asked.
    public struct Request: Equatable, Sendable {
        /// The index of the first character.
        public var offset = 0
        /// How many characters, 1 to 100.
        public var limit = 20
        /// The Marvel API's parameters, sent as given.
        public var query = CharacterQuery()
        /// Table or JSON.
        public var format = OutputFormat.table
        /// Whether to print every count after the page.
        public var detailedStatistics = false

        /// A request with every option at its default.
        public init() {}
    }

    private let request: Request
    private let browsing: Browsing

    /// Lists what `request` asks through `repository`, reporting on `cache`.
    public init(_ request: Request, repository: any CharacterRepository, cache: CacheObserver, console: Console) {
        self.request = request
        browsing = Browsing(
            repository: repository, cache: cache, format: request.format, detailedStatistics: request.detailedStatistics, console: console)
    }

    /// Prints the page of characters, as a table or JSON.
    public func run() async throws {
        let console = browsing.console
        try await browsing.run { repository in
            let fetched = try await repository.characters(offset: request.offset, limit: request.limit, query: request.query)
            let page = fetched.value
            if request.format == .json {
                console.out(try JSONText.text(CharacterJSON.Page(page)))
            } else {
                console.out(CharacterTable(terminal: console.terminal).render(page.results))
                console.out("Showing \(page.count) of \(page.total) characters from offset \(page.offset).")
            }
            return fetched.isStale ? fetched.storedAt : nil
        }
    }

    // MARK: Command line

    /// `list`, declared in `context` and read into its `Request`.
    public static func command(_ context: BrowseCommandLine.Context) -> FeatureCommand<Request> {
        FeatureCommand(declaration(context)) { parsed throws(UsageError) in try read(parsed) }
    }

    static let offset: TypedOption<Int> = .integer(
        "--offset", in: 0...Int.max, default: 0, help: "Index of the first character (default 0).")
    static let limit: TypedOption<Int> = .integer("--limit", in: 1...100, default: 20, help: "How many, 1 to 100 (default 20).")
    static let nameStartsWith: TypedOption<String?> = .text(
        "--name-starts-with", placeholder: "S", help: "Only names starting with S (any case).")
    static let name: TypedOption<String?> = .text(
        "--name", placeholder: "NAME", help: "Only the character with this whole name (any case).")
    static let modifiedSince: TypedOption<String?> = .text(
        "--modified-since", placeholder: "DATE",
        help: "Only characters changed since DATE, an ISO 8601 date or date-time (2014-01-01, 2014-01-01T09:30:00-0500).")
    static let comics: TypedOption<String?> = .text(
        "--comics", placeholder: "ID[,ID…]", help: "Only characters in one of these comics (at most 10).")
    static let series: TypedOption<String?> = .text(
        "--series", placeholder: "ID[,ID…]", help: "Only characters in one of these series (at most 10).")
    static let events: TypedOption<String?> = .text(
        "--events", placeholder: "ID[,ID…]", help: "Only characters in one of these events (at most 10).")
    static let stories: TypedOption<String?> = .text(
        "--stories", placeholder: "ID[,ID…]", help: "Only characters in one of these stories (at most 10).")
    static let orderBy: TypedOption<String?> = .text(
        "--order-by", placeholder: "ORDER", help: "name, -name, modified or -modified, comma-separated in priority order (default name).")

    /// The flags sent as Marvel's parameters as given, for the server to judge.
    private static var queryOptions: [(TypedOption<String?>, WritableKeyPath<CharacterQuery, String?>)] {
        [
            (name, \.name), (modifiedSince, \.modifiedSince), (orderBy, \.orderBy), (comics, \.comics), (series, \.series),
            (events, \.events), (stories, \.stories),
        ]
    }

    static func declaration(_ context: BrowseCommandLine.Context) -> Command {
        Command(
            "list", abstract: "Print a page of characters, by name.",
            usage: "[list] [--offset N] [--limit N] [--name-starts-with S] [options]",
            options: [offset, limit, nameStartsWith, name, modifiedSince, comics, series, events, stories, orderBy],
            groups: BrowseCommandLine.groups(context),
            epilogue: """
                The query options are sent as the Marvel API's parameters and the server judges their values: one it refuses (an
                empty value, an unknown ordering, more than 10 ids, a malformed date) is exit 64 with the server's message. Each
                query's pages are cached under every parameter it sets, so the same query again is a cache hit (--stats shows it)
                and any other is not.

                A summary line of the cache's and the repository's counts follows the table. JSON is the page,
                `{"count","limit","offset","results","total"}`, each result a character as `show --format json` prints it.
                """)
    }

    static func read(_ parsed: ParsedArguments) throws(UsageError) -> Request {
        var request = Request()
        request.offset = parsed[offset]
        request.limit = parsed[limit]
        if let prefix = parsed[nameStartsWith] {
            guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--name-starts-with needs at least one letter.")
            }
            request.query.nameStartsWith = prefix
        }
        for (option, parameter) in queryOptions {
            request.query[keyPath: parameter] = parsed[option]
        }
        request.format = parsed[BrowseCommandLine.format]
        request.detailedStatistics = parsed[BrowseCommandLine.stats]
        return request
    }
}
