import Foundation

/// The `main.swift` the tool compiles with the manifests: it collects `workspace` and each
/// `Modules.<Name>` and prints them as `ManifestOutput` JSON. A `#sourceLocation` before each
/// reference makes a manifest that does not declare its module fail at its own file's line 1.
enum ManifestProgram {
    /// The program for the module manifests `moduleFiles` (relative paths) of the workspace at `root` (an absolute path).
    static func main(root: String, moduleFiles: [String]) -> String {
        var lines = ["import Foundation", "import WorkspaceDescription", "", "var generatedEntries: [ManifestOutput.Entry] = []"]
        for file in moduleFiles {
            let name = ManifestSources.moduleName(of: file)
            lines += [
                "#sourceLocation(file: \(literal(root + "/" + file)), line: 1)",
                "generatedEntries.append(ManifestOutput.Entry(file: \(literal(file)), module: Modules.\(name)))",
                "#sourceLocation()",
            ]
        }
        lines += [
            "#sourceLocation(file: \(literal(root + "/" + ManifestLoader.workspaceFile)), line: 1)",
            "let generatedOutput = ManifestOutput(workspace: workspace, modules: generatedEntries)",
            "#sourceLocation()",
            "FileHandle.standardOutput.write(try JSONEncoder().encode(generatedOutput))",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
