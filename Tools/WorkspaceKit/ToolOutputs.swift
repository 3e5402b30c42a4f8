import Foundation
import Processes

/// The files that tool executables generate (`Tool.generates`, such as docs/CLI.md from
/// `cli-manual`): what each tool prints. The workspace tool links none of them; it builds each
/// with `swift build --product` and runs it, bounded in time, so what they import never selects
/// the workspace tool's own tests.
public struct ToolOutputs {
    /// What `tool` prints, or a `Failure` saying why it could not be had.
    public typealias Printed = (_ tool: Workspace.Tool) throws -> String

    /// Why a tool's output could not be had: it did not build, failed or ran too long.
    public struct Failure: Error, CustomStringConvertible {
        /// One line, naming the tool.
        public let description: String
    }

    /// The most a build may take: a first build compiles everything the tool imports on a busy machine.
    static let buildTimeout = 1_800.0
    /// The most a run of the tool may take.
    static let runTimeout = 60.0

    /// The executables that generate a file.
    let tools: [Workspace.Tool]
    /// The workspace's folder.
    let root: URL
    /// How a tool's output is had: built and run, or a stand-in in tests.
    let printed: Printed

    /// The generating tools of `workspace` at `root`, their output had through `printed` (built and run when nil).
    public init(_ workspace: Workspace, root: URL, printed: Printed? = nil) {
        self.tools = workspace.tools.filter { $0.kind == .executable && $0.generates != nil }
        self.root = root
        if let printed {
            self.printed = printed
        } else {
            self.printed = { try Self.buildAndRun($0, root: root) }
        }
    }

    /// Writes each file whose text differs from what its tool prints; returns the paths written.
    /// Throws `Failure` naming the file when a tool's output cannot be had.
    public func generate() throws -> [String] {
        var written: [String] = []
        for tool in tools {
            guard let path = tool.generates else { continue }
            let text: String
            do {
                text = try printed(tool)
            } catch {
                throw Failure(description: "cannot generate \(path) from what \(tool.name) prints: \(error)")
            }
            let url = root.appendingPathComponent(path)
            guard (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            written.append(path)
        }
        return written
    }

    /// One problem for each file that differs from what its tool prints, or whose tool's output cannot be had.
    public func problems() -> [Problem] {
        tools.compactMap { tool in
            guard let path = tool.generates else { return nil }
            do {
                let text = try printed(tool)
                if (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) == text { return nil }
                return Problem(
                    file: path,
                    message: "\(path) is not what \(tool.name) prints (out of date, or edited by hand): run 'swift run workspace generate'")
            } catch {
                return Problem(file: path, message: "cannot compare \(path) with what \(tool.name) prints: \(error)")
            }
        }
    }

    /// Builds `tool` with `swift build --product` in `root`, runs it there, and returns what it printed.
    static func buildAndRun(_ tool: Workspace.Tool, root: URL) throws(Failure) -> String {
        let hint = "run 'swift build --product \(tool.name)' to see why"
        let build = try capture(["swift", "build", "--product", tool.name], root: root, timeout: buildTimeout)
        guard build.ending == .exited(0) else {
            throw Failure(description: "swift build --product \(tool.name) \(ended(build.ending, within: buildTimeout)); \(hint)")
        }
        let program = root.appendingPathComponent(".build/debug/\(tool.name)").path
        let run = try capture([program], root: root, timeout: runTimeout)
        guard run.ending == .exited(0) else {
            let said = run.standardError.split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
            throw Failure(description: "\(tool.name) \(ended(run.ending, within: runTimeout))\(said)")
        }
        return run.standardOutput
    }

    /// How a program that did not succeed ended: "exited 1", "was killed by signal 9", "did not finish in 60 s".
    static func ended(_ ending: ChildProcess.Termination, within seconds: Double) -> String {
        switch ending {
        case .exited(let status): "exited \(status)"
        case .signalled(let signal): "was killed by signal \(signal)"
        case .timedOut: "did not finish in \(Int(seconds)) s and was stopped"
        }
    }

    /// `Shell.capture`, its failure to start a program as a `Failure`.
    private static func capture(_ arguments: [String], root: URL, timeout: Double) throws(Failure) -> Shell.Output {
        do {
            return try Shell.capture(arguments, in: root, timeout: timeout)
        } catch {
            throw Failure(description: "cannot run \(arguments[0]): \(error)")
        }
    }
}
