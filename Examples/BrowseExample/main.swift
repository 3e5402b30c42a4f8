import Arguments
import Browse
import CommandLineKit
import DataProviders
import DataProvidersTesting
import Foundation
import RepositoryTesting
import Storage

// The Browse feature alone: its real commands, `list` and `show`, as the product declares and
// reads them, over a repository of four made-up characters and a memory cache. It builds Browse
// and the doubles it is composed with, none of the product's adapters or data sources:
//
//     swift run BrowseExample                          # a short session
//     swift run BrowseExample list --limit 2 --stats   # one command, as the product takes it
//     swift run BrowseExample show 3 --format json
//
// Swap the repository stub for your own to try the commands against other characters.
let repository = CharacterRepositoryStub([
    .sample(id: 1, name: "Captain Example"), .sample(id: 2, name: "Doctor Double"), .sample(id: 3, name: "The Stub"),
    .sample(id: 4, name: "Mock Maiden"),
])
let cache = CacheObserver(kind: "memory", cache: MemoryCache())
let context = BrowseCommandLine.Context(sourceOptions: [])
let console = Console(out: { print($0) }, err: { FileHandle.standardError.write(Data("BrowseExample: \($0)\n".utf8)) })
let list = ListCommand.command(context)
let show = ShowCommand.command(context)
let program = Command("BrowseExample", abstract: "list and show over doubles.", subcommands: [list.declaration, show.declaration])

/// Runs `list` or `show` with `arguments`, as the product would; its exit code.
func browse(_ arguments: [String]) async -> ExitCode {
    do {
        switch try program.parse(arguments) {
        case .help(let asked):
            print(program.help(for: asked))
        case .version:
            break
        case .run(let parsed) where parsed.command.name == "list":
            try await ListCommand(try list.read(parsed), repository: repository, cache: cache, console: console).run()
        case .run(let parsed):
            try await ShowCommand(try show.read(parsed), repository: repository, cache: cache, console: console).run()
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

let arguments = Array(CommandLine.arguments.dropFirst())
if !arguments.isEmpty { exit(await browse(arguments).rawValue) }
for session in [["list", "--limit", "3"], ["show", "2"], ["list", "--name-starts-with", " "]] {
    print("$ \(session.joined(separator: " "))")
    let code = await browse(session)
    if code != .ok { print("(exit \(code.rawValue))") }
}
