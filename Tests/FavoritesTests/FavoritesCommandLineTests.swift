import Arguments
import CommandLineKit
import Testing

@testable import Favorites

/// The feature's command line, parsed by its own declaration with no program around it: each
/// action is read as itself, and what the reader refuses is a usage error.
@Suite struct FavoritesCommandLineTests {
    static let command = FavoritesCommandLine.command(
        FavoritesCommandLine.Context(storeOptions: [], storeNames: ["memory"], storePlaces: "", lookUpOptions: [], exitCodes: []))

    private func read(_ arguments: [String]) throws -> FavoritesAction {
        guard case .run(let parsed) = try Self.command.declaration.parse(arguments) else {
            throw UsageError(message: "not a run")
        }
        return try Self.command.read(parsed)
    }

    @Test func eachActionIsReadAsItself() throws {
        #expect(try read(["add", "7", "--note", "kept", "--rating", "4"]) == .add(id: 7, note: "kept", rating: 4))
        #expect(try read(["list"]) == .list)
        #expect(try read(["show", "7"]) == .show(id: 7))
        #expect(try read(["update", "7", "--no-rating"]) == .update(id: 7, note: nil, rating: .clear))
        #expect(try read(["update", "7", "--rating", "2"]) == .update(id: 7, note: nil, rating: .set(2)))
        #expect(try read(["remove", "7"]) == .remove(id: 7))
    }

    @Test(arguments: [
        (["update", "7"], "favorites update needs --note TEXT, --rating N or --no-rating."),
        (["show", "abc"], "favorites show needs a positive whole-number character id, got 'abc'."),
        (["remove", "0"], "favorites remove needs a positive whole-number character id, got '0'."),
    ])
    func whatTheReaderRefusesIsAUsageError(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message: message)) { try read(arguments) }
    }

    @Test func itsOptionsAreTypedWhereTheyAreDeclared() {
        let add = Self.command.declaration.subcommand("add")
        #expect(add?.declares(FavoritesCommandLine.rating) == true)
        #expect(add?.declares(FavoritesCommandLine.format) == false, "add prints one line, never a table")
        #expect(Self.command.declaration.subcommand("list")?.declares(FavoritesCommandLine.format) == true)
    }
}
