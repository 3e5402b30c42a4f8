import Arguments
import Foundation

/// The benchmark program's command line, declared once: parsing, `--help` and the usage error come from it.
enum BenchmarkArguments {
    static let filter = Option.text("--filter", help: "Only the cases whose group or name contains TEXT (any case).")
    static let json = Option.toggle(
        "--json", help: "Print the results as JSON instead of a table; --check's report goes to standard error.")
    static let check = Option.toggle("--check", help: "Then judge every goal: measured, met or MISSED.")
    static let tree = Option.path(
        "--tree", help: "The git work tree the change-cost cases copy and build (default: the checkout this program was built from).")
    static let revision = Option.text(
        "--revision", placeholder: "REV", help: "The commit of --tree they copy, its tracked files only (default HEAD).")

    static let program = Command(
        "Benchmarks",
        abstract: "Run every benchmark case of the project, side by side in one run, and print the results. See docs/PERFORMANCE.md.",
        options: [filter, json, check, tree, revision],
        epilogue:
            "Exit codes: 0 ok, 1 a goal missed (with --check) or a benchmark failed, 64 usage or an unknown --tree or --revision.")

    /// The command line `arguments` asks to run; prints the help and exits 0 when asked, or prints one line and exits 64 when refused.
    static func parse(_ arguments: [String]) -> ParsedArguments {
        do throws(ArgumentError) {
            switch try program.parse(arguments) {
            case .run(let parsed):
                return parsed
            case .help(let command):
                print(program.help(for: command))
                exit(0)
            case .version:
                throw ArgumentError(.unknownFlag("--version"), in: program)
            }
        } catch {
            FileHandle.standardError.write(Data("Benchmarks: \(error.message)\n".utf8))
            exit(64)
        }
    }
}
