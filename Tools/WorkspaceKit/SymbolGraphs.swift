import Foundation

/// The modules' public symbols, as `swift package dump-symbol-graph` extracts them: it builds the
/// package as `swift build` does, into the same build folder (so a built package is not compiled
/// again), then runs `swift-symbolgraph-extract` on each module. Passing `-emit-symbol-graph` to
/// `swift build -Xswiftc` instead changes every target's compiler flags, so each switch between it
/// and a plain `swift build` compiles everything again. Extensions to other modules' types (a
/// `URL` or a `Trait` member) are kept as extension blocks, which DocC lists under the module they
/// extend.
struct SymbolGraphs {
    /// The most the build may take: a first one compiles every module on a busy machine.
    static let timeout = 1_800.0

    /// The folder that holds them, `<Module>.symbols.json` each.
    let folder: URL
    /// Why a module's symbols could not be extracted, by module. On Linux the test runner modules
    /// SwiftPM makes up (`<Package>PackageTests`) are always here, and make the command exit 1
    /// after it extracted every other module.
    let failures: [String: String]

    /// The line that names the folder the symbol graphs went to.
    private static let writtenTo = "Files written to "
    /// How a line naming a module whose symbols were not extracted begins.
    private static let failed = "error: Failed to emit symbol graph for '"

    /// Builds the package at `root` and extracts every module's public symbols.
    static func dump(root: URL) throws(DocsSite.Failure) -> SymbolGraphs {
        let arguments = [
            "swift", "package", "dump-symbol-graph", "--minimum-access-level", "public", "--emit-extension-block-symbols",
        ]
        let run = try DocsSite.capture(arguments, in: root, timeout: timeout)
        let lines = run.standardOutput.split(whereSeparator: \.isNewline).map(String.init)
        guard run.ending != .timedOut, let written = lines.last(where: { $0.hasPrefix(writtenTo) }) else {
            let said = lines.first { $0.contains("error:") }.map { ": \($0)" } ?? ""
            throw DocsSite.Failure(
                description: "\(arguments.joined(separator: " ")) \(ToolOutputs.ended(run.ending, within: timeout))\(said); "
                    + "run it to see the whole output")
        }
        var failures: [String: String] = [:]
        for line in lines where line.hasPrefix(failed) {
            let rest = line.dropFirst(failed.count)
            failures[String(rest.prefix { $0 != "'" })] = line
        }
        return SymbolGraphs(folder: URL(fileURLWithPath: String(written.dropFirst(writtenTo.count))), failures: failures)
    }

    /// Copies `module`'s symbol graphs into the new folder `destination`: its own,
    /// `<module>.symbols.json`, and those of its extensions to other modules' types,
    /// `<module>@<Other>.symbols.json`.
    func copy(_ module: String, to destination: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        guard names.contains("\(module).symbols.json") else {
            throw DocsSite.Failure(
                description: failures[module] ?? "swift package dump-symbol-graph wrote no symbol graph for \(module) in \(folder.path)")
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in names where name == "\(module).symbols.json" || name.hasPrefix("\(module)@") && name.hasSuffix(".symbols.json") {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }
}
