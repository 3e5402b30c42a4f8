import Arguments
import Testing

/// A `TypedOption` is declared once with its type and read as that type: what was given, else
/// its default, never a run-time failure; an option the command does not declare reads as not given.
@Suite struct TypedOptionTests {
    enum Shape: String, CaseIterable, Sendable {
        case table, json
    }

    enum Drawing: String, CaseIterable, Sendable {
        case text, dot
    }

    static let limit: TypedOption<Int> = .integer("--limit", in: 1...100, default: 20, help: "How many.")
    static let rating: TypedOption<Int?> = .integer("--rating", in: 1...5, help: "1 to 5.")
    static let name: TypedOption<String?> = .text("--name", placeholder: "NAME", help: "A name.")
    static let folder: TypedOption<String?> = .path("--dir", help: "A folder.")
    static let stats: TypedOption<Bool> = .toggle("--stats", help: "Every count.")
    static let shape: TypedOption<Shape> = .choice("--format", default: .table, help: "Table or JSON.")
    static let drawing: TypedOption<Drawing> = .choice("--format", default: .text, help: "Text or dot.")

    static let list = Command("list", abstract: "List.", options: [limit, rating, name, folder, stats, shape])
    static let graph = Command("graph", abstract: "Graph.", options: [drawing])
    static let root = Command("tool", abstract: "A tool.", subcommands: [list, graph], defaultSubcommand: "list")

    private func run(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try Self.root.parse(arguments) else { throw ArgumentError(.missingSubcommand, in: Self.root) }
        return parsed
    }

    @Test func givenValuesAreReadAsTheirTypes() throws {
        let parsed = try run(["list", "--limit", "7", "--rating=4", "--name", "Thor", "--dir", "/tmp", "--stats", "--format", "json"])
        #expect(parsed[Self.limit] == 7)
        #expect(parsed[Self.rating] == 4)
        #expect(parsed[Self.name] == "Thor")
        #expect(parsed[Self.folder] == "/tmp")
        #expect(parsed[Self.stats])
        #expect(parsed[Self.shape] == .json)
    }

    @Test func absentValuesAreTheirDefaultsOrNil() throws {
        let parsed = try run(["list"])
        #expect(parsed[Self.limit] == 20)
        #expect(parsed[Self.rating] == nil)
        #expect(parsed[Self.name] == nil)
        #expect(parsed[Self.folder] == nil)
        #expect(!parsed[Self.stats])
        #expect(parsed[Self.shape] == .table)
    }

    @Test func anOptionOfAnotherCommandReadsAsNotGivenEvenUnderTheSameName() throws {
        let parsed = try run(["graph", "--format", "dot"])
        #expect(parsed[Self.drawing] == .dot)
        #expect(parsed[Self.shape] == .table)
        #expect(parsed.command.declares(Self.drawing))
        #expect(!parsed.command.declares(Self.shape))
    }

    @Test func theDeclarationIsTheOneTheParserChecks() throws {
        #expect(Self.limit.option == .integer("--limit", in: 1...100, default: 20, help: "How many."))
        #expect(Self.shape.option.kind == .choice(["table", "json"]))
        #expect(throws: ArgumentError(.invalidValue(Self.limit.option, "0"), in: Self.list)) { try run(["list", "--limit", "0"]) }
    }
}
