import Foundation

/// The `workspace` command line: parses arguments, runs a subcommand, returns the exit code.
public enum WorkspaceCommand {
    static let usage = """
        Usage: swift run workspace <command>
          generate                                   Write Package.swift (and README.md's graph) from Manifests/.
          check                                      Report every broken rule, one line each; exit 1 if any.
          graph [--format text|mermaid|dot] [--tests] Print the module graph.
          new <Name> [--dependencies A,B] [--layer L] [--template library|service]
                                                     Scaffold a module and regenerate Package.swift.
          rename <Old> <New>                         Rename a module everywhere and regenerate.
          remove <Name>                              Remove a module nothing depends on and regenerate.
          move <Path>... --to <Target>               Move Swift files or folders to another module's Sources,
                                                     Testing or Tests; add the imports and dependencies that follow.
          affected [--base REF] [--format text|json] Print the modules and test targets changed since REF (HEAD).
          test [--base REF | --changed] [-- ARGS]    Run swift test on the affected test targets only.
        Exit codes: 0 ok, 1 problems found (or the tests failed), 64 usage, 65 a manifest that does not parse, 74 I/O error.
        """

    /// Runs `arguments` on the workspace at `root`, printing to standard output and error.
    public static func run(_ arguments: [String], root: URL) -> Int32 {
        run(arguments, root: root, out: { print($0) }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Runs `arguments` on the workspace at `root`, writing through `out` and `err`.
    public static func run(_ arguments: [String], root: URL, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        run(arguments, root: root, out: out, err: err) { try Shell.run(["swift"] + $0, in: root) }
    }

    /// Runs `arguments`, with `swift` standing in for the `swift` program that `test` runs.
    public static func run(
        _ arguments: [String], root: URL, out: (String) -> Void, err: (String) -> Void, swift: ([String]) throws -> Int32
    ) -> Int32 {
        guard let command = arguments.first else {
            err(usage)
            return 64
        }
        let options = Array(arguments.dropFirst())
        do {
            switch command {
            case "--help", "-h", "help":
                out(usage)
                return 0
            case "generate":
                try expectNoOptions(options, for: command)
                let changed = try Generator.generate(try ManifestLoader.load(root: root), root: root)
                out(changed.isEmpty ? "Everything is up to date." : "Wrote \(changed.joined(separator: ", ")).")
                return 0
            case "check":
                try expectNoOptions(options, for: command)
                let problems = WorkspaceChecker(root: root, workspace: try ManifestLoader.load(root: root)).problems()
                for problem in problems { err(problem.description) }
                if problems.isEmpty { out("The workspace follows its manifests and rules.") }
                return problems.isEmpty ? 0 : 1
            case "graph":
                let (format, tests) = try graphOptions(options)
                out(GraphRenderer.render(try ManifestLoader.load(root: root), format: format, tests: tests))
                return 0
            case "new":
                let request = try ScaffoldRequest.parse(options)
                let workspace = try ManifestLoader.load(root: root)
                let created = try Scaffolder(root: root, workspace: workspace).scaffold(request)
                out("Created \(request.name): \(created.paths.joined(separator: ", ")). Package.swift regenerated.")
                if request.template == .service {
                    out(ServiceTemplate(module: created.module).compositionRootSteps)
                }
                return 0
            case "rename":
                guard options.count == 2 else { throw UsageError("rename needs two names, such as 'rename Favorites Bookmarks'") }
                let changed = try ModuleRenamer(root: root, workspace: try ManifestLoader.load(root: root)).rename(
                    options[0], to: options[1])
                out("Renamed \(options[0]) to \(options[1]): \(changed.count) paths changed. Package.swift regenerated.")
                return 0
            case "remove":
                guard options.count == 1 else { throw UsageError("remove needs one module name, such as 'remove Favorites'") }
                let removed = try ModuleRemover(root: root, workspace: try ManifestLoader.load(root: root)).remove(options[0])
                out("Removed \(options[0]): \(removed.joined(separator: ", ")). Package.swift regenerated.")
                return 0
            case "move":
                guard let flag = options.firstIndex(of: "--to"), flag + 1 == options.count - 1, flag > 0 else {
                    throw UsageError("move needs paths and a target, such as 'move Modules/Client/Sources/Socket.swift --to Sockets'")
                }
                let outcome = try FileMover(root: root, workspace: try ManifestLoader.load(root: root)).move(
                    Array(options[..<flag]), to: options[flag + 1])
                out("Moved \(outcome.moved.count) files to \(options[flag + 1]). Package.swift regenerated.")
                for line in outcome.importsAdded { out("  import added: \(line)") }
                for line in outcome.manifestsChanged { out("  dependency added: \(line)") }
                for line in outcome.mayNoLongerNeed { out("  may no longer need: \(line)") }
                return 0
            case "affected":
                return try SelectiveTesting.affected(options, root: root, out: out)
            case "test":
                return try SelectiveTesting.test(options, root: root, out: out, swift: swift) == 0 ? 0 : 1
            default:
                throw UsageError(
                    "unknown command '\(command)' (expected generate, check, graph, new, rename, remove, move, affected or test)")
            }
        } catch let error as UsageError {
            err("workspace: \(error.message)")
            return 64
        } catch let error as ManifestError {
            err("workspace: \(error)")
            return 65
        } catch let error as ScaffoldError {
            err("workspace: \(error)")
            return 64
        } catch let error as Shell.Failure {
            err("workspace: \(error)")
            return 74
        } catch {
            err("workspace: \(error.localizedDescription)")
            return 74
        }
    }

    private static func expectNoOptions(_ options: [String], for command: String) throws {
        if let first = options.first { throw UsageError("\(command) takes no arguments, got '\(first)'") }
    }

    private static func graphOptions(_ options: [String]) throws -> (GraphRenderer.Format, Bool) {
        var format = GraphRenderer.Format.text
        var tests = false
        var rest = options[...]
        while let option = rest.popFirst() {
            switch option {
            case "--tests":
                tests = true
            case "--format":
                guard let value = rest.popFirst(), let chosen = GraphRenderer.Format(rawValue: value) else {
                    throw UsageError("--format needs one of: text, mermaid, dot")
                }
                format = chosen
            default:
                throw UsageError("unknown option '\(option)' for graph (expected --format, --tests)")
            }
        }
        return (format, tests)
    }
}

/// A command line the tool does not accept.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
