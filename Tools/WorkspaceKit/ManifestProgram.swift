import Foundation

/// The `main.swift` the tool compiles with the manifests: it collects `workspace` and each
/// `Modules.<Name>` and writes them as `ManifestOutput` JSON. A `#sourceLocation` before each
/// reference makes a manifest that does not declare its module fail at its own file's line 1.
///
/// What it writes for the tool goes to standard output on lines of their own that start with a
/// marker the tool passes as the first argument, so what a helper prints is told apart from it:
/// `<marker> reading <file>` before each manifest is evaluated (the tool names it when the
/// program never finishes or ends early), then `<marker> output <JSON>`. The second argument is
/// a bound in seconds after which the program ends itself (`alarm`), and it ends itself too when
/// the tool that started it is gone, so no manifest outlives the tool that runs it.
enum ManifestProgram {
    /// The program for the module manifests `moduleFiles` (relative paths) of the workspace at `root` (an absolute path).
    static func main(root: String, moduleFiles: [String]) -> String {
        var lines = [
            "import Foundation", "import WorkspaceDescription", "",
            "let generatedMarker = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : \"\"",
            "if CommandLine.arguments.count > 2, let seconds = UInt32(CommandLine.arguments[2]) { alarm(seconds) }",
            "Thread.detachNewThread { [parent = getppid()] in",
            "    while getppid() == parent { usleep(50_000) }",
            "    _exit(70)",
            "}",
            "@MainActor func generatedSay(_ text: String) {",
            "    FileHandle.standardOutput.write(Data((\"\\n\" + generatedMarker + \" \" + text + \"\\n\").utf8))",
            "}",
            "var generatedEntries: [ManifestOutput.Entry] = []",
        ]
        for file in moduleFiles {
            let name = ManifestSources.moduleName(of: file)
            lines += [
                "generatedSay(\(literal("reading " + file)))",
                "#sourceLocation(file: \(literal(root + "/" + file)), line: 1)",
                "generatedEntries.append(ManifestOutput.Entry(file: \(literal(file)), module: Modules.\(name)))",
                "#sourceLocation()",
            ]
        }
        lines += [
            "generatedSay(\(literal("reading " + ManifestLoader.workspaceFile)))",
            "#sourceLocation(file: \(literal(root + "/" + ManifestLoader.workspaceFile)), line: 1)",
            "let generatedOutput = ManifestOutput(workspace: workspace, modules: generatedEntries)",
            "#sourceLocation()",
            "fflush(nil)",
            "generatedSay(\"output \" + String(decoding: try JSONEncoder().encode(generatedOutput), as: UTF8.self))",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// What the program wrote to standard output, taken apart.
    struct Report {
        /// The JSON it wrote last, or nil if it ended before writing any.
        var output: Data?
        /// The manifest it was evaluating last, relative to the workspace.
        var reading: String?
        /// Everything else it wrote: what the manifests and their helpers printed.
        var printed = ""

        /// Reads `standardOutput`, the lines marked with `marker` apart from the rest.
        init(standardOutput: String, marker: String) {
            var printed: [Substring] = []
            for line in standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(marker + " reading ") {
                    reading = String(line.dropFirst(marker.count + " reading ".count))
                } else if line.hasPrefix(marker + " output ") {
                    output = Data(line.dropFirst(marker.count + " output ".count).utf8)
                } else if !line.isEmpty {
                    printed.append(line)
                }
            }
            self.printed = printed.joined(separator: "\n")
        }
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
