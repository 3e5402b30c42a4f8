import Foundation

/// The toolchain's documentation compiler, `docc`: on macOS the one `xcrun --find docc` names,
/// elsewhere the one beside the first `swift` on PATH (`/opt/swift/usr/bin/docc` here).
struct Docc {
    /// The compiler's path.
    let path: String

    /// The most one conversion or the merge may take.
    static let timeout = 600.0

    /// The `docc` of the toolchain that runs `swift`; throws `DocsSite.Failure` when there is none.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DocsSite.Failure) -> Docc {
        #if os(macOS)
            let found = try DocsSite.capture(["xcrun", "--find", "docc"], in: URL(fileURLWithPath: "/"), timeout: timeout)
            if found.ending == .exited(0) { return Docc(path: found.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #endif
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = "\(directory)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            // Beside `swift` as PATH names it (a toolchain's bin, or swiftly's proxies), else beside the program it links to.
            let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().path
            for folder in [String(directory), resolved] where FileManager.default.isExecutableFile(atPath: "\(folder)/docc") {
                return Docc(path: "\(folder)/docc")
            }
        }
        throw DocsSite.Failure(description: "cannot find docc beside swift on PATH; it comes with Swift 6 toolchains (swift.org)")
    }

    /// Converts `target`'s catalog and `symbols` into the archive `archive` for static hosting,
    /// warnings as errors; returns what docc found wrong, `file:line:column: error: message` each,
    /// with paths relative to `root`.
    func convert(_ target: DocumentedTarget, symbols: URL, into archive: URL, root: URL) throws(DocsSite.Failure) -> [String] {
        let catalog = target.catalog.map { [root.appendingPathComponent($0).path] } ?? []
        let arguments =
            [path, "convert"] + catalog
            + ["--additional-symbol-graph-dir", symbols.path, "--output-path", archive.path]
            + ["--fallback-display-name", target.name, "--fallback-bundle-identifier", target.name]
            + ["--transform-for-static-hosting", "--warnings-as-errors", "--ide-console-output"]
        let run = try DocsSite.capture(arguments, in: root, timeout: Self.timeout)
        if run.ending == .exited(0) { return [] }
        let problems = Self.diagnostics(in: run.standardOutput, root: root)
        guard problems.isEmpty else { return problems }
        throw failure("convert of \(target.name)", run)
    }

    /// Merges `archives` into one static site at `site`, its landing page named `name` and
    /// linking each archive's module.
    func merge(_ archives: [URL], name: String, into site: URL, root: URL) throws(DocsSite.Failure) {
        let arguments =
            [path, "merge"] + archives.map(\.path) + ["--output-path", site.path, "--synthesized-landing-page-name", name]
        let run = try DocsSite.capture(arguments, in: root, timeout: Self.timeout)
        guard run.ending == .exited(0) else { throw failure("merge", run) }
    }

    /// The lines of docc's output that are diagnostics, their paths made relative to `root`.
    static func diagnostics(in output: String, root: URL) -> [String] {
        let prefix = root.standardizedFileURL.path + "/"
        return output.split(whereSeparator: \.isNewline).map(String.init)
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
            .map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
    }

    /// A failure of `docc <what>` that named no file: how it ended and the last line it wrote.
    private func failure(_ what: String, _ run: Shell.Output) -> DocsSite.Failure {
        let said = run.standardOutput.split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
        return DocsSite.Failure(description: "docc \(what) \(ToolOutputs.ended(run.ending, within: Self.timeout))\(said)")
    }
}
