import Arguments
import Foundation
import Processes

/// The `workspace` command line: parses arguments against `WorkspaceDeclarations`, runs a subcommand, returns the exit code.
public enum WorkspaceCommand {
    /// From now on SIGINT, SIGTERM or SIGHUP to the tool stop the programs it runs (the manifests',
    /// `swift build`, `swift test`) as a terminal would, put back what a command that changes the
    /// workspace had changed, and remove its build folders before the signal ends it; on Linux the
    /// tool adopts the orphans of its children, so none outlives it. Called once at start-up.
    public static func endChildrenOnSignals() {
        ChildProcess.adoptOrphans()
        Interruption.install {
            ChangeJournal.rollBackActive()
            ScratchFolders.removeAll()
            Shell.terminateForeground()
        }
    }

    /// Ends what the tool's children left running: for its last moment.
    public static func endLeftovers() {
        ChildProcess.endOrphans()
    }

    /// Runs `arguments` on the workspace at `root`, printing to standard output and error.
    public static func run(_ arguments: [String], root: URL) -> Int32 {
        run(arguments, root: root, out: { print($0) }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Runs `arguments` on the workspace at `root`, writing through `out` and `err`.
    public static func run(_ arguments: [String], root: URL, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        run(arguments, root: root, out: out, err: err) { try Shell.run(["swift"] + $0, in: root) }
    }

    /// Runs `arguments`, with `swift` standing in for the `swift` program that `test` runs, and
    /// `printed` for the tools that `generate` and `check` build and run (those are built when nil).
    public static func run(
        _ arguments: [String], root: URL, out: (String) -> Void, err: (String) -> Void, swift: ([String]) throws -> Int32,
        printed: ToolOutputs.Printed? = nil
    ) -> Int32 {
        let program = WorkspaceDeclarations.program
        do {
            switch try program.parse(arguments) {
            case .help(let command):
                out(program.help(for: command))
                return 0
            case .version:
                throw ArgumentError(.unknownFlag("--version"), in: program)
            case .run(let parsed):
                return try run(parsed, root: root, out: out, err: err, swift: swift, printed: printed)
            }
        } catch let error as ArgumentError {
            err("workspace: \(error.message)")
            return 64
        } catch let error as UsageError {
            err("workspace: \(error.message)")
            return 64
        } catch let error as ManifestError {
            err("workspace: \(error)")
            return 65
        } catch let error as ManifestCompileError {
            err(error.output)
            return 65
        } catch let error as ScaffoldError {
            err("workspace: \(error)")
            return 64
        } catch let error as Shell.Failure {
            err("workspace: \(error)")
            return 74
        } catch let error as ToolOutputs.Failure {
            err("workspace: \(error)")
            return 74
        } catch let error as DocsSite.Failure {
            err("workspace: \(error)")
            return 74
        } catch {
            err("workspace: \(FileFailure.describe(error))")
            return 74
        }
    }
}
