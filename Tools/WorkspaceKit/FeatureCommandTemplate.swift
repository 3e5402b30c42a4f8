import Foundation

/// A feature's command, where the workspace has the command-line kit (`Arguments`, the grammar,
/// and `CommandLineKit`, the terminal): the command with one option, its error's exit code and
/// one-line message, its tests, and an example program that runs it as the product would.
struct FeatureCommandTemplate {
    /// The modules a feature's command is written with.
    static let kit = ["Arguments", "CommandLineKit"]
    /// What its tests use besides the kit: a recording console.
    static let testKit = ["CommandLineKit", "CommandLineKitTesting"]

    let module: Module

    /// The command's word: the module's name in lower case, words joined by `-` (`WeatherAlerts` → `weather-alerts`).
    static func word(_ name: String) -> String {
        var word = ""
        for (index, character) in name.enumerated() {
            let previous = index > 0 ? Array(name)[index - 1] : nil
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { word.append("-") }
            word.append(Character(character.lowercased()))
        }
        return word
    }

    var files: [String: String] {
        let name = module.name
        let word = Self.word(name)
        return [
            "\(module.sourcesDirectory)/\(name)Command.swift": """
            \(ModuleTemplates.importLines(Self.kit))

            /// `\(word)`: prints one \(name) item, found by its id. Its option is declared, read and used
            /// here, so an option on `\(word)` is a change to this file.
            public struct \(name)Command: ProgramCommand {
                /// What `\(word)` was asked.
                public struct Request: Equatable, Sendable {
                    /// The item's id.
                    public var id = "1"

                    /// A request with every option at its default.
                    public init() {}
                }

                private let request: Request
                private let service: any \(name)Service
                private let console: Console

                /// Prints what `request` asks of `service` on `console`.
                public init(_ request: Request, service: any \(name)Service, console: Console) {
                    self.request = request
                    self.service = service
                    self.console = console
                }

                /// Prints the item: its id and title.
                public func run() async throws {
                    let item = try await service.item(id: request.id)
                    console.out("\\(TerminalText.safe(item.id))  \\(TerminalText.safe(item.title))")
                }

                /// `\(word)`, declared and read into its `Request`.
                public static let command = FeatureCommand(declaration) { parsed in
                    var request = Request()
                    request.id = parsed[id] ?? request.id
                    return request
                }

                static let id: TypedOption<String?> = .text("--id", placeholder: "ID", help: "The item to print (default 1).")

                static let declaration = Command(
                    "\(word)", abstract: "Print one \(name) item, by its id.", usage: "\(word) [--id ID]", options: [id])
            }

            """,
            "\(module.sourcesDirectory)/\(name)Error+Report.swift": """
            import CommandLineKit

            extension \(name)Error: ReportedError {
                /// One line saying what went wrong and what to do.
                public var description: String {
                    switch self {
                    case .notFound(let id): "No \(name) item has id \\(TerminalText.safe(id)); try --id 1."
                    }
                }

                /// The program's exit code for the error (docs/CLI.md lists them).
                public var exitCode: ExitCode {
                    switch self {
                    case .notFound: .notFound
                    }
                }
            }

            """,
            "\(module.testsPath)/\(name)CommandTests.swift": """
            \(ModuleTemplates.importLines(Self.testKit + [name, "\(name)Testing", "Testing"]))

            /// `\(word)` over the stub: what it prints, and the exit code of what it cannot find.
            @Suite struct \(name)CommandTests {
                let service = \(name)ServiceStub(items: [\(name)Item(id: "1", title: "First")])

                private func run(_ arguments: [String]) async throws -> RecordedRun {
                    guard case .run(let parsed) = try \(name)Command.command.declaration.parse(arguments) else {
                        throw UsageError(message: "not a run of \(word)")
                    }
                    let request = try \(name)Command.command.read(parsed)
                    return await RecordedRun { \(name)Command(request, service: service, console: $0) }
                }

                @Test func itPrintsTheItemAskedFor() async throws {
                    let run = try await run(["--id", "1"])
                    #expect(run.out == ["1  First"])
                    #expect(run.exitCode == .ok)
                    #expect(service.requests == ["1"])
                }

                @Test func anUnknownIdIsNotFound() async throws {
                    let run = try await run(["--id", "2"])
                    #expect(run.exitCode == .notFound)
                    #expect(run.message == "No \(name) item has id 2; try --id 1.")
                }
            }

            """,
            "\(module.examplePath)/main.swift": """
            \(ModuleTemplates.importLines(Self.kit + [name, "Foundation"]))

            // \(name) alone, without the product: its real command over bundled items. Run it with
            // `swift run \(name)Example \(word) --id 1`; compose it with doubles or bundled data, never adapters.
            let service = Bundled\(name)Service(items: [\(name)Item(id: "1", title: "First")])
            let console = Console(out: { print($0) }, err: { FileHandle.standardError.write(Data("\\($0)\\n".utf8)) })
            let arguments = Array(CommandLine.arguments.dropFirst().drop { $0 == "\(word)" })
            do {
                guard case .run(let parsed) = try \(name)Command.command.declaration.parse(arguments) else {
                    print(\(name)Command.command.declaration.help())
                    exit(0)
                }
                try await \(name)Command(try \(name)Command.command.read(parsed), service: service, console: console).run()
            } catch let error as ArgumentError {
                console.err("\(name)Example: \\(error.message)")
                exit(ExitCode.usage.rawValue)
            } catch {
                console.err("\(name)Example: \\(error)")
                exit(ExitCode(reporting: error).rawValue)
            }

            """,
        ]
    }
}

extension FeatureCommandTemplate {
    /// The command words the workspace's modules already declare (the first word of each
    /// `Command("…"` in their sources), with the file that declares each: a new feature's word
    /// must be none of them, or the program would have two commands of one name.
    static func takenWords(in workspace: Workspace, root: URL) -> [String: String] {
        guard let expression = try? NSRegularExpression(pattern: #"\bCommand\(\s*"([a-z][a-z0-9-]*)[ "]"#) else { return [:] }
        var words: [String: String] = [:]
        for module in workspace.modules {
            for file in SourceFiles.swiftFiles(in: root.appendingPathComponent(module.sourcesDirectory), excluding: []) {
                guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { continue }
                for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let range = Range(match.range(at: 1), in: text), words[String(text[range])] == nil else { continue }
                    words[String(text[range])] = "\(module.sourcesDirectory)/\(file.relativePath)"
                }
            }
        }
        return words
    }
}
