import Arguments
import CommandLineKit
import DataProviders
import DataProvidersTesting
import Favorites
import FavoritesTesting
import Foundation
import RepositoryTesting

// The Favorites feature alone: its real command (`favorites add|list|show|update|remove`, as the
// product declares and reads it) over an in-memory store holding two favourites and a repository
// of three made-up characters. It builds Favorites and the doubles it is composed with, none of
// the product's adapters or data sources, so a change to the feature runs here in seconds:
//
//     swift run FavoritesExample                                  # a short session
//     swift run FavoritesExample favorites list --format json     # one command, as the product takes it
//     swift run FavoritesExample favorites add 2 --rating 3
//
// Swap a double for your own (a store under development, a repository stub with other
// characters) to try the feature's command against it.
let characters = [
    Character.sample(id: 1, name: "Captain Example"), Character.sample(id: 2, name: "Doctor Double"),
    Character.sample(id: 3, name: "The Stub"),
]
let service = FavoritesService(store: InMemoryFavoritesStore(), repository: CharacterRepositoryStub(characters))
try await service.add(characterID: 1, note: "Where it all starts", rating: 5)
try await service.add(characterID: 3, note: "Answers anything asked", rating: 4)

let command = FavoritesCommandLine.command(
    FavoritesCommandLine.Context(
        storeOptions: [], storeNames: ["memory"], storePlaces: "They live in memory, for this run only. ", lookUpOptions: [],
        exitCodes: ExitCode.allCases.map { ExitStatus($0.rawValue, $0.meaning) }))
let console = Console(out: { print($0) }, err: { FileHandle.standardError.write(Data("FavoritesExample: \($0)\n".utf8)) })

/// Runs `favorites` with `arguments` (its action and options), as the product would; its exit code.
func favorites(_ arguments: [String]) async -> ExitCode {
    do {
        switch try command.declaration.parse(arguments) {
        case .help(let asked):
            print(command.declaration.help(for: asked))
        case .version:
            break
        case .run(let parsed):
            let action = try command.read(parsed)
            try await FavoritesCommand(action, service: service, format: parsed[FavoritesCommandLine.format], console: console).run()
        }
        return .ok
    } catch let error as ArgumentError {
        console.err(error.message)
        return .usage
    } catch {
        console.err(String(describing: error))
        return ExitCode(reporting: error)
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "favorites" { arguments.removeFirst() }
if !arguments.isEmpty { exit(await favorites(arguments).rawValue) }
for session in [["add", "2", "--note", "Twice as good"], ["update", "3", "--no-rating"], ["list"], ["show", "1", "--format", "json"], ["add", "99"]] {
    print("$ favorites \(session.joined(separator: " "))")
    let code = await favorites(session)
    if code != .ok { print("(exit \(code.rawValue))") }
}
