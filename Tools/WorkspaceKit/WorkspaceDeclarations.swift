import Arguments

/// The `workspace` tool's command line, declared once: the parser, `--help` and the usage errors
/// all come from this tree.
enum WorkspaceDeclarations {
    static let exitCodes = """
        Exit codes: 0 ok, 1 problems found (or the tests failed), 64 usage or a refused name, 65 a
                    manifest that is missing or does not compile, or whose program fails or runs
                    past EXCELSIOR_MANIFEST_TIMEOUT seconds (60 by default), 74 I/O error, or a
                    program the tool runs (swift, docc) that cannot be run or fails.
        """

    /// The one error `move` gives for missing paths or a missing `--to`.
    static let moveNeeds = "move needs paths and a target, such as 'move Modules/Client/Sources/Socket.swift --to Sockets'."

    // MARK: Options

    static let graphFormat = Option.choice(
        "--format", of: GraphRenderer.Format.self, default: .text, help: "Plain text (default), a Mermaid or a Graphviz DOT graph.")
    static let tests = Option.toggle("--tests", help: "Also draw the Testing and test targets and what they depend on.")
    static let dependencies = Option.text(
        "--dependencies", placeholder: "A,B", help: "The modules it imports, comma-separated (default none).")
    static let layer = Option.text(
        "--layer", placeholder: "L", help: "Its layer (default the innermost layer that may depend on all its dependencies).")
    static let template = Option.choice(
        "--template", of: ModuleTemplates.Template.self, default: .library,
        help: "library (default): a value type, its fixtures and a test; service: a protocol, its live (bundled) "
            + "implementation, a stub, a contract and tests running the contract on both; feature: a service in the "
            + "feature layer with <Name>Example, a program that runs it without the product; adapter: --port's protocol over "
            + "--technology, tested by the port's contract and registered in the composition root.")
    static let port = Option.text(
        "--port", placeholder: "<Module>",
        help: "With --template adapter: the module whose protocol it implements (its Testing ships the contract).")
    static let technology = Option.text(
        "--technology", placeholder: "<Module>",
        help:
            "With --template adapter: the technology module it uses (\(AdapterTemplate.Technology.allCases.map(\.rawValue).joined(separator: ", ")))."
    )
    static let target = Option.text(
        "--to", placeholder: "<Target>", help: "The module, Testing target or test target the files move to (required).")
    static let base = Option.text("--base", placeholder: "REF", help: "The git revision to compare with (default HEAD).")
    static let affectedFormat = Option.choice(
        "--format", ["text", "json"], default: "text", help: "One target a line (default), or JSON for scripts.")
    static let output = Option.path(
        "--output", noun: "a folder", help: "Where the site goes (default \(DocsSite.defaultOutput)); a site there is replaced.")
    static let changed = Option.toggle(
        "--changed", help: "Instead of git, the test targets whose inputs changed since their last green run.")
    static let explain = Option.toggle(
        "--explain", help: "With --changed: print, for each selected target, the inputs whose hash changed since its last green run.")

    static let since = Option.text("--since", placeholder: "REF", help: "The git revision the change starts from (default HEAD).")

    // MARK: Subcommands

    static let generate = Command(
        "generate", abstract: "Write Package.swift (and README.md's graph) from Manifests/. A second run changes nothing.")
    static let check = Command("check", abstract: "Report every broken rule, one line each; exit 1 if any.")
    static let graph = Command("graph", abstract: "Print the module graph.", options: [graphFormat, tests])
    static let new = Command(
        "new",
        abstract: "Scaffold a module with its first tests and regenerate Package.swift. A service or feature also prints how to "
            + "wire it in.",
        positionals: Positionals(
            "<Name>", noun: "module name", missing: "new needs a module name, such as 'new Favorites --dependencies Storage'."),
        options: [dependencies, layer, template, port, technology])
    static let rename = Command(
        "rename", abstract: "Rename a module everywhere and regenerate.",
        positionals: Positionals(
            "<Old> <New>", count: 2...2, noun: "name", missing: "rename needs two names, such as 'rename Favorites Bookmarks'."))
    static let remove = Command(
        "remove", abstract: "Remove a module nothing depends on and regenerate.",
        positionals: Positionals("<Name>", noun: "module name", missing: "remove needs one module name, such as 'remove Favorites'."))
    static let move = Command(
        "move",
        abstract: "Move Swift files or folders to another module's Sources, Testing or Tests; add the imports and dependencies "
            + "that follow, and regenerate.",
        usage: "move <Path>... --to <Target>", positionals: Positionals("<Path>...", count: 1...Int.max, noun: "path", missing: moveNeeds),
        options: [target])
    static let affected = Command(
        "affected", abstract: "Print the modules and test targets changed since a git revision.", options: [base, affectedFormat])
    static let test = Command(
        "test",
        abstract: "Run swift test on the affected test targets only. The arguments after -- go to swift test.",
        usage: "test [--base REF | --changed [--explain]] [-- ARGS]", options: [base, changed, explain], exclusive: [[base, changed]],
        acceptsRemainder: true)
    static let verify = Command(
        "verify",
        abstract: "Before pushing: run what CI would fail on that the change since a git revision reaches (the rules, the "
            + "formatter on the touched files, the warnings-as-errors build, the examples and test targets it reaches); stop at "
            + "the first failing step and name it; exit 1 if one fails.",
        options: [since])
    static let docs = Command(
        "docs",
        abstract: "Build one static documentation site of every module with docc. Each module's catalog and public "
            + "symbols are converted with warnings as errors, then merged under a landing page that links them all.",
        options: [output])

    /// The whole tool; a subcommand must be named.
    static let program = Command(
        "workspace",
        abstract: "Keep the package in line with Manifests/: generate Package.swift, check the rules, and scaffold, rename, "
            + "remove or move modules' code. 'workspace <subcommand> --help' tells more.",
        subcommands: [generate, check, graph, new, rename, remove, move, affected, test, verify, docs],
        epilogue: exitCodes)
}
