import Foundation

/// `workspace docs`: one static site documenting every module, built with the toolchain's `docc`
/// from each module's catalog and public symbols, for any static web server to serve.
struct DocsSite {
    /// Why the site could not be built: a program that could not be run, or failed without
    /// naming a file; one line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the site goes without `--output`, relative to the workspace.
    static let defaultOutput = ".build/docs"

    /// The folders the tool keeps for itself (its scratch folders and caches), relative to the
    /// workspace: a site written in one would be deleted with it.
    static let toolFolders = [".build/workspace-docs", ".build/workspace-manifests", ".build/workspace-test-hashes"]

    /// The workspace's folder.
    let root: URL
    /// Its manifests.
    let workspace: Workspace

    /// Builds the package, converts each module's documentation and merges them into `output`,
    /// replacing the site there. Returns what docc found wrong in the catalogs and the doc comments,
    /// one line each, every module's at once; then nothing is written. Throws `UsageError` when
    /// `output` holds something else than a site this command wrote, `Failure` when a program fails.
    func build(into output: URL, out: (String) -> Void) throws -> [String] {
        try checkReplaceable(output)
        let targets = DocumentedTarget.all(in: workspace, root: root)
        let docc = try Docc.find()
        out("Building the package and extracting its symbols (swift package dump-symbol-graph)…")
        let graphs = try SymbolGraphs.dump(root: root)
        let scratch = try ScratchFolders.make(in: root.appendingPathComponent(".build/workspace-docs"), root: root)
        defer { ScratchFolders.remove(scratch) }
        let archives = scratch.appendingPathComponent("archives")
        try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
        func archive(_ target: DocumentedTarget) -> URL { archives.appendingPathComponent("\(target.name).doccarchive") }
        var problems: [String] = []
        for target in targets {
            if target.catalog == nil {
                out("\(target.name) has no documentation catalog (a .docc folder): its page lists its symbols alone.")
            }
            let symbols = scratch.appendingPathComponent("symbols/\(target.name)")
            try graphs.copy(target.name, to: symbols)
            problems += try docc.convert(target, symbols: symbols, into: archive(target), root: root)
        }
        guard problems.isEmpty else { return problems }
        let site = scratch.appendingPathComponent("site")
        try docc.merge(targets.map(archive), name: workspace.name, into: site, root: root)
        try DocsLandingPage(name: workspace.name, targets: targets).html.write(
            to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        if FileManager.default.fileExists(atPath: output.path) { try FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: site, to: output)
        out("Documented \(targets.count) modules in \(relative(output)): serve the folder over HTTP and open /documentation/.")
        return []
    }

    /// `url` relative to the workspace when inside it, else its whole path.
    private func relative(_ url: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Refuses an `output` that exists and is neither an empty folder nor a site this command wrote,
    /// so that no other folder is ever replaced.
    private func checkReplaceable(_ output: URL) throws {
        let path = output.standardizedFileURL.resolvingSymlinksInPath().path
        for folder in Self.toolFolders {
            let own = root.appendingPathComponent(folder).standardizedFileURL.resolvingSymlinksInPath().path
            guard path == own || path.hasPrefix(own + "/") || own.hasPrefix(path + "/") else { continue }
            throw UsageError(
                "\(relative(output)) is \(path == own ? "" : own.hasPrefix(path + "/") ? "above " : "inside ")\(folder), "
                    + "which the tool keeps for itself; give --output another folder, such as \(Self.defaultOutput)")
        }
        guard FileManager.default.fileExists(atPath: output.path) else { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? ["?"]
        let page = try? String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        guard contents.isEmpty || page?.contains(DocsLandingPage.generator) == true else {
            throw UsageError(
                "\(relative(output)) exists and is not a site 'workspace docs' wrote; remove it or give --output another folder")
        }
    }

    /// `Shell.capture`, its failure to start a program as a `Failure`.
    static func capture(_ arguments: [String], in directory: URL, timeout: Double) throws(Failure) -> Shell.Output {
        do {
            return try Shell.capture(arguments, in: directory, mergingErrors: true, timeout: timeout)
        } catch {
            throw Failure(description: "cannot run \(arguments[0]): \(error)")
        }
    }
}
