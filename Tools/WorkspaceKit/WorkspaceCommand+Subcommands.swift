import Arguments
import Foundation

extension WorkspaceCommand {
    private typealias Declared = WorkspaceDeclarations

    /// Runs the subcommand `parsed` names; returns its exit code.
    static func run(
        _ parsed: ParsedArguments, root: URL, out: (String) -> Void, err: (String) -> Void, swift: SelectiveTesting.Swift,
        printed: ToolOutputs.Printed?
    ) throws -> Int32 {
        let names = parsed.positionals
        switch parsed.command {
        case Declared.generate:
            var workspace = try ManifestLoader.load(root: root)
            if let (manifest, mended) = try RootDependencies.update(workspace, root: root) {
                if !mended.missing.isEmpty {
                    out("Added to \(manifest) what the composition root imports: \(mended.missing.joined(separator: ", ")).")
                }
                if !mended.unused.isEmpty {
                    out("Took out of \(manifest) what the composition root no longer imports: \(mended.unused.joined(separator: ", ")).")
                }
                workspace = try ManifestLoader.load(root: root)
            }
            var changed = try Generator.generate(workspace, root: root)
            do {
                changed += try ToolOutputs(workspace, root: root, printed: printed).generate()
            } catch let failure as ToolOutputs.Failure {
                if !changed.isEmpty { out("Wrote \(changed.joined(separator: ", ")).") }
                throw failure
            }
            out(changed.isEmpty ? "Everything is up to date." : "Wrote \(changed.joined(separator: ", ")).")
        case Declared.check:
            let workspace = try ManifestLoader.load(root: root)
            let problems =
                WorkspaceChecker(root: root, workspace: workspace).problems()
                + ToolOutputs(workspace, root: root, printed: printed).problems()
            for problem in problems + Placeholders.warnings(in: workspace, root: root) { err(problem.description) }
            if problems.isEmpty { out("The workspace follows its manifests and rules.") }
            return problems.isEmpty ? 0 : 1
        case Declared.verify:
            return try Verify.run(
                since: parsed.string(Declared.since) ?? "HEAD", root: root, out: out, err: err, swift: swift, printed: printed)
        case Declared.graph:
            let format = try parsed.choice(Declared.graphFormat, as: GraphRenderer.Format.self)
            out(GraphRenderer.render(try ManifestLoader.load(root: root), format: format, tests: parsed.isGiven(Declared.tests)))
        case Declared.new:
            try scaffold(parsed, root: root, out: out)
        case Declared.rename:
            let outcome = try ModuleRenamer(root: root, workspace: try ManifestLoader.load(root: root)).rename(names[0], to: names[1])
            out("Renamed \(names[0]) to \(names[1]): \(outcome.changed.count) paths changed. Package.swift regenerated.")
            for path in outcome.prose { out("  prose that names \(names[0]), left as written: \(path)") }
        case Declared.remove:
            let workspace = try ManifestLoader.load(root: root)
            let registered = FeatureRegistration.find(in: workspace, at: root).map { registration in
                FileManager.default.fileExists(atPath: root.appendingPathComponent(registration.assemblyPath(names[0])).path)
            }
            let removal = try ModuleRemover(root: root, workspace: workspace).remove(names[0])
            out("Removed \(names[0]): \(removal.removed.joined(separator: ", ")). Package.swift regenerated.")
            if !removal.unregistered.isEmpty {
                out("Unregistered it from the composition root: \(removal.unregistered.joined(separator: ", ")).")
            }
            if registered == true, removal.removed.contains(where: { $0.hasSuffix("/\(names[0])Assembly.swift") }) {
                let written = try ToolOutputs(try ManifestLoader.load(root: root), root: root).generate()
                if !written.isEmpty { out("Regenerated \(written.joined(separator: ", ")).") }
            }
        case Declared.move:
            guard let target = parsed.string(Declared.target) else { throw UsageError(Declared.moveNeeds) }
            try move(names, to: target, root: root, out: out)
        case Declared.affected:
            let json = parsed.string(Declared.affectedFormat) == "json"
            try SelectiveTesting.affected(since: parsed.string(Declared.base) ?? "HEAD", json: json, root: root, out: out)
        case Declared.docs:
            return try docs(parsed, root: root, out: out, err: err)
        default:  // test, the one subcommand left
            let selection: SelectiveTesting.Selection =
                parsed.isGiven(Declared.changed)
                ? .changed(explain: parsed.isGiven(Declared.explain)) : .since(parsed.string(Declared.base) ?? "HEAD")
            return try SelectiveTesting.test(selection, passed: parsed.remainder, root: root, out: out, swift: swift) == 0 ? 0 : 1
        }
        return 0
    }

    /// `new`: scaffolds the module, then prints what was created (and, for a service or feature, how to wire it in).
    private static func scaffold(_ parsed: ParsedArguments, root: URL, out: (String) -> Void) throws {
        let dependencies = (parsed.string(Declared.dependencies) ?? "").split(separator: ",")
        let request = ScaffoldRequest(
            name: parsed.positionals[0],
            dependencies: dependencies.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
            layer: parsed.string(Declared.layer),
            template: try parsed.choice(Declared.template, as: ModuleTemplates.Template.self),
            port: parsed.string(Declared.port), technology: parsed.string(Declared.technology))
        let created = try Scaffolder(root: root, workspace: try ManifestLoader.load(root: root)).scaffold(request)
        out("Created \(request.name): \(created.paths.joined(separator: ", ")). Package.swift regenerated.")
        guard request.template != .library else { return }
        if request.template == .adapter {
            out(
                created.changed.isEmpty
                    ? "Nothing registers it: \(request.port ?? "") has no assembly in the composition root's Features/; "
                        + "make it the port's live implementation where the program is composed."
                    : "Registered it in the composition root: \(created.changed.joined(separator: ", ")).")
            out("Try it: swift test --filter \(request.name)Tests.")
            return
        }
        guard !created.changed.isEmpty else {
            out(ServiceTemplate(module: created.module).compositionRootSteps)
            return
        }
        out("Registered it in the composition root: \(created.changed.joined(separator: ", ")).")
        let written = try ToolOutputs(try ManifestLoader.load(root: root), root: root).generate()
        if !written.isEmpty { out("Regenerated \(written.joined(separator: ", ")).") }
        let word = FeatureCommandTemplate.word(request.name)
        out("Try it: '\(word) --id 1' in the program, or alone: swift run \(request.name)Example \(word) --id 1.")
    }

    /// `docs`: builds the site; prints what docc found wrong, one line each, and returns 1 if it found anything.
    private static func docs(_ parsed: ParsedArguments, root: URL, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let path = parsed.string(Declared.output) ?? DocsSite.defaultOutput
        let output = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        let problems = try DocsSite(root: root, workspace: try ManifestLoader.load(root: root)).build(
            into: output.standardizedFileURL, out: out)
        for problem in problems { err(problem) }
        if !problems.isEmpty {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            err("workspace: docc found \(count) (above), so no site was written.")
        }
        return problems.isEmpty ? 0 : 1
    }

    /// `move`: moves `paths` to `target`, then prints what changed and what may no longer be needed.
    private static func move(_ paths: [String], to target: String, root: URL, out: (String) -> Void) throws {
        let outcome = try FileMover(root: root, workspace: try ManifestLoader.load(root: root)).move(paths, to: target)
        let files = outcome.moved.count == 1 ? "1 file" : "\(outcome.moved.count) files"
        out("Moved \(files) to \(target). Package.swift regenerated.")
        for line in outcome.importsAdded { out("  import added: \(line)") }
        for line in outcome.manifestsChanged { out("  dependency added: \(line)") }
        for line in outcome.mayNoLongerNeed { out("  may no longer need: \(line)") }
        for line in outcome.linksLeft { out("  a symbolic link, left unchanged: \(line)") }
    }
}
