import Foundation

/// Renames a module in its code: manifests, folders, its Testing and test targets, imports,
/// qualifiers, the code spans of its own DocC catalog, and what `generate` writes. Prose
/// elsewhere (the README, docs/, other catalogs) is the writer's: it is listed, not rewritten.
struct ModuleRenamer {
    let root: URL
    let workspace: Workspace

    /// What a rename did.
    struct Outcome {
        /// The paths it moved or rewrote, sorted.
        let changed: [String]
        /// The Markdown files outside the module that still name it, for the writer to review.
        let prose: [String]
    }

    /// Renames `old` to `new`, all or nothing (a signal too puts back what was changed).
    func rename(_ old: String, to new: String) throws -> Outcome {
        guard let module = workspace.module(old) else {
            let toolchain = ModuleNames.toolchainModules.contains(old)
            throw ScaffoldError(
                description: toolchain ? "\(old) is a module of the Swift toolchain, not of this workspace" : "unknown module \(old)")
        }
        if let refusal = ModuleNames.refusal(new) { throw ScaffoldError(description: refusal) }
        if let clash = ModuleNames.clash(new, taken: workspace.targetNames) { throw ScaffoldError(description: clash) }
        let outermost = module.outermostFolders
        let moves = ([module.manifest] + outermost).map { ($0, Self.renaming(old, to: new, inPath: $0)) }.filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0.0).path)
        }
        if moves.contains(where: { FileManager.default.fileExists(atPath: root.appendingPathComponent($0.1).path) }) {
            throw ScaffoldError(description: "a module or target named \(new) already exists")
        }
        let qualifiers = qualifierRenames(module, to: new)
        // In its own files, strings too: `"OldTests.Suite.Type"` is how a type of theirs reflects.
        let ownQualifiers = qualifiers.merging([module.testsName: new + "Tests"]) { own, _ in own }
        let ownFolders = outermost.map { $0 + "/" }
        return try ChangeJournal.transaction(root: root) { journal in
            var changed = try rewrite(old, to: new, ownFolders: ownFolders, qualifiers: qualifiers, own: ownQualifiers, journal: journal)
            for (from, to) in moves {
                try journal.move(from, to: to)
                changed.append(to)
            }
            changed += try renameCatalog(of: module, from: old, to: new, journal: journal)
            changed += try renameRegistration(from: old, to: new, journal: journal)
            changed += try journal.generate(try ManifestLoader.load(root: root))
            let prose = Self.files(below: root).filter { path in
                path.hasSuffix(".md") && !ownFolders.contains { path.hasPrefix(Self.renaming(old, to: new, inPath: $0)) }
                    && (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map {
                        FileMover.mentions([old], in: $0)
                    } == true
            }
            return Outcome(changed: Array(Set(changed)).sorted(), prose: prose)
        }
    }

    /// Moves a registered feature's assembly in the composition root to the new name, with its
    /// property and its entry in the list (`FeatureRegistration`); returns the paths changed.
    private func renameRegistration(from old: String, to new: String, journal: ChangeJournal) throws -> [String] {
        guard let registration = FeatureRegistration.find(in: workspace, at: root) else { return [] }
        let (from, to) = (registration.assemblyPath(old), registration.assemblyPath(new))
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(from).path),
            !FileManager.default.fileExists(atPath: root.appendingPathComponent(to).path)
        else { return [] }
        let (oldProperty, newProperty) = (ServiceTemplate.lowerCamelCase(old), ServiceTemplate.lowerCamelCase(new))
        let assembly = try String(contentsOf: root.appendingPathComponent(from), encoding: .utf8)
        try journal.write(assembly.replacing("static let \(oldProperty) = ", with: "static let \(newProperty) = "), to: from)
        try journal.move(from, to: to)
        guard let listed = try registration.relisted(renaming: oldProperty, to: newProperty) else { return [to] }
        try journal.write(listed, to: registration.listPath)
        return [to, registration.listPath]
    }

    /// Rewrites the imports and qualifiers of the Swift files, the manifests, and the code spans
    /// of the Markdown in the module's own folders; returns the paths rewritten.
    private func rewrite(
        _ old: String, to new: String, ownFolders: [String], qualifiers: [String: String], own ownQualifiers: [String: String],
        journal: ChangeJournal
    ) throws -> [String] {
        var changed: [String] = []
        for path in Self.files(below: root) {
            let url = root.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let rewritten: String
            if ManifestLoader.isManifest(path) {
                rewritten = SourceRewriter.replacingNames(old, with: new, in: text)
            } else if path.hasSuffix(".swift") {
                let imported = Set(ImportScanner.imports(in: text).map(\.module))
                let imports = SourceRewriter.replacingImports(old, with: new, in: text)
                if ownFolders.contains(where: { path.hasPrefix($0) }) {
                    rewritten = SourceRewriter.replacingQualifiers(ownQualifiers, inStrings: true, in: imports)
                } else if imported.contains(old) || imported.contains(old + "Testing") {
                    rewritten = SourceRewriter.replacingQualifiers(qualifiers, inStrings: false, in: imports)
                } else {
                    rewritten = imports
                }
            } else if path.hasSuffix(".md") && ownFolders.contains(where: { path.hasPrefix($0) }) {
                rewritten = SourceRewriter.replacingInCodeSpans(old, with: new, in: text)
            } else {
                continue
            }
            if rewritten != text {
                try journal.write(rewritten, to: path)
                changed.append(path)
            }
        }
        return changed
    }

    /// Renames the module's DocC catalog, `<Old>.docc` beside its sources or in its folder, and
    /// the catalog's root article `<Old>.md`, for the new name; returns the new paths.
    private func renameCatalog(of module: Module, from old: String, to new: String, journal: ChangeJournal) throws -> [String] {
        var renamed: [String] = []
        let folders = [module.sourcesDirectory, module.directory].map { Self.renaming(old, to: new, inPath: $0) }
        for folder in Set(folders) {
            let catalog = "\(folder)/\(old).docc"
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(catalog).path) else { continue }
            let moved = "\(folder)/\(new).docc"
            try journal.move(catalog, to: moved)
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("\(moved)/\(old).md").path) {
                try journal.move("\(moved)/\(old).md", to: "\(moved)/\(new).md")
            }
            renamed.append(moved)
        }
        return renamed
    }

    /// `Old` → `New` and `OldTesting` → `NewTesting` as qualifiers (`Old.Type`), leaving out a
    /// name the module itself declares as a type, where `Old.x` means the type, not the module.
    private func qualifierRenames(_ module: Module, to new: String) -> [String: String] {
        var renames: [String: String] = [:]
        let targets = [(module.name, module.sourcesDirectory)] + [module.testing].compactMap { $0 }.map { ($0.name, $0.path) }
        for (name, folder) in targets {
            let renamed = Self.renaming(module.name, to: new, inPath: name)
            let sources = SourceFiles.swiftFiles(in: root.appendingPathComponent(folder), excluding: ["Testing"])
            let shadowed = sources.contains { file in
                (try? String(contentsOf: file.url, encoding: .utf8)).map { SourceRewriter.declaresType(name, in: $0) } ?? false
            }
            if !shadowed { renames[name] = renamed }
        }
        return renames
    }

    /// `path` with each component that is `old`, or `old` followed by a target suffix (`Testing`,
    /// `Tests`, `Example`) or an extension (`Old.swift`, `Old.docc`), renamed for `new`.
    static func renaming(_ old: String, to new: String, inPath path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { component in
            guard component.hasPrefix(old) else { return String(component) }
            let rest = component.dropFirst(old.count)
            return rest.isEmpty || ["Testing", "Tests", "Example"].contains(rest) || rest.hasPrefix(".") ? new + rest : String(component)
        }.joined(separator: "/")
    }

    /// Every file below `root`, relative to it, skipping hidden folders such as `.build` and `.git`.
    static func files(below root: URL) -> [String] {
        walk(below: root, keeping: .typeRegular)
    }

    /// Every symbolic link below `root`, relative to it, skipping hidden folders: a command that
    /// rewrites files leaves these alone, and says so.
    static func links(below root: URL) -> [String] {
        walk(below: root, keeping: .typeSymbolicLink)
    }

    private static func walk(below root: URL, keeping type: FileAttributeType) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(".") {
                if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            if enumerator.fileAttributes?[.type] as? FileAttributeType == type { files.append(path) }
        }
        return files.sorted()
    }
}
