import Foundation

/// Moves Swift files (or folders of them) from one target of a module to a target of another,
/// the way a team re-cuts modules: it moves the files (with `git mv` when they are tracked),
/// adds `import <To>` to every file that imports the old target and names a type the moved files
/// declare, gives the moved files the imports they now need, adds the dependencies that follow to
/// the manifests, and regenerates Package.swift.
///
/// It reads names, not meaning: a type is "named" when its identifier appears in code outside
/// comments and strings. It never removes an import, since an extension's members cannot be seen
/// by name; the imports that may have become unneeded are listed instead.
struct FileMover {
    let root: URL
    let workspace: Workspace

    /// What a move did, relative paths throughout.
    struct Outcome: Equatable {
        /// Each file's new path.
        var moved: [String] = []
        /// Files that gained an import, with what they gained.
        var importsAdded: [String] = []
        /// Manifests that gained a dependency.
        var manifestsChanged: [String] = []
        /// Files that import the old target and name none of its remaining types.
        var mayNoLongerNeed: [String] = []
        /// Symbolic links to Swift files that name a moved type, left unchanged, with the import they may need.
        var linksLeft: [String] = []
    }

    /// One target of a module: its sources, its Testing target or its test target.
    struct Place: Equatable {
        let module: Module
        let target: String
        let directory: String
        /// The manifest argument that lists what the target imports.
        let list: ManifestEditor.List

        /// What the manifest lists for the target now.
        var declared: [String] {
            switch list {
            case .dependencies: module.dependencies
            case .testing: module.testing?.dependencies ?? []
            case .tests: module.tests?.dependencies ?? []
            }
        }

        /// Whether other targets can import it: a test target's types are its own.
        var importable: Bool { target != module.testsName }
    }

    /// Moves `paths` into the target named `destination` (`Sockets`, `SocketsTesting` or `SocketsTests`).
    func move(_ paths: [String], to destination: String) throws -> Outcome {
        guard let target = place(named: destination) else {
            if ModuleNames.toolchainModules.contains(destination) {
                throw ScaffoldError(description: "\(destination) is a module of the Swift toolchain, not a target of this workspace")
            }
            throw ScaffoldError(description: "unknown target \(destination): name a module, its Testing target or its Tests target")
        }
        let plan = try self.plan(paths, to: target)
        let movedNames = Set(try plan.files.flatMap { try declaredTypes(in: $0.from) })
        // All or nothing: a step that fails, or a signal, puts back what the steps before it changed.
        return try ChangeJournal.transaction(root: root) { journal in
            try carry(plan, to: target, movedNames: movedNames, journal: journal)
        }
    }

    /// Moves the planned files, rewrites the imports and manifests that follow, and regenerates,
    /// noting every change in `journal`.
    private func carry(_ plan: Plan, to target: Place, movedNames: Set<String>, journal: ChangeJournal) throws -> Outcome {
        let source = plan.source
        var outcome = Outcome()
        for file in plan.files { try relocate(file.from, to: file.to, journal: journal) }
        let movedPaths = plan.files.map(\.to)
        outcome.moved = movedPaths
        let remainingNames = Set(
            SourceFiles.swiftFiles(in: url(source.directory), excluding: source.module.kind == .app ? [] : ["Testing"]).flatMap {
                (try? declaredTypes(in: source.directory + "/" + $0.relativePath)) ?? []
            })
        var newDependencies: [String: Set<String>] = [:]
        let ours = workspace.targetNames
        for path in ModuleRenamer.files(below: root) where path.hasSuffix(".swift") && !path.hasPrefix("Manifests/") {
            guard let original = try? String(contentsOf: url(path), encoding: .utf8) else { continue }
            var text = original
            let imported = Set(ImportScanner.imports(in: text).map(\.module))
            let code = ImportScanner.codeOnly(text).split(separator: "\n").filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
            let owner = try? self.owner(of: path)
            var added: [String] = []
            if movedPaths.contains(path) {
                let named = remainingNames.subtracting(Self.genericParameters(in: code))
                if source.importable && !imported.contains(source.target) && Self.mentions(named, in: code) { added.append(source.target) }
                let needed = imported.union(added).filter { ours.contains($0) && $0 != target.target && $0 != target.module.name }
                newDependencies[target.target, default: []].formUnion(
                    target.list == .dependencies ? needed.filter { workspace.module($0) != nil } : needed)
                if imported.contains(target.target) { text = SourceRewriter.removingImport(target.target, in: text) }
            } else if let owner, target.importable, imported.contains(source.target) || owner == source, owner != target,
                Self.mentions(movedNames.subtracting(Self.genericParameters(in: code)), in: code)
            {
                if !imported.contains(target.target) { added.append(target.target) }
                if owner.module.name != target.module.name || owner.list != .dependencies {
                    newDependencies[owner.target, default: []].insert(owner.list == .dependencies ? target.module.name : target.target)
                }
                if !Self.mentions(remainingNames, in: code) { outcome.mayNoLongerNeed.append("\(path) (import \(source.target))") }
            }
            for name in added { text = SourceRewriter.addingImport(name, in: text) }
            if !added.isEmpty { outcome.importsAdded.append("\(path) (+\(added.joined(separator: ", ")))") }
            if text != original { try journal.write(text, to: path) }
        }
        for path in ModuleRenamer.links(below: root) where path.hasSuffix(".swift") && !path.hasPrefix("Manifests/") {
            guard let text = try? String(contentsOf: url(path), encoding: .utf8), (try? owner(of: path)) != target,
                Self.mentions(movedNames, in: ImportScanner.codeOnly(text))
            else { continue }
            outcome.linksLeft.append("\(path) (import \(target.target)?)")
        }
        for (name, dependencies) in newDependencies.sorted(by: { $0.key < $1.key }) {
            guard let place = place(named: name) else { continue }
            let missing = dependencies.subtracting(place.declared + [place.module.name, place.target])
            guard !missing.isEmpty else { continue }
            let added = try journal.step {
                journal.willWrite(place.module.manifest)
                return try ManifestEditor(root: root).addDependencies(missing.sorted(), to: place.module.manifest, list: place.list)
            }
            guard added else { continue }
            if !outcome.manifestsChanged.contains(place.module.manifest) { outcome.manifestsChanged.append(place.module.manifest) }
        }
        try journal.generate(try ManifestLoader.load(root: root))
        return outcome
    }

    /// The target a path lies in.
    func owner(of path: String) throws -> Place {
        let places = workspace.modules.flatMap(places(of:)).sorted { $0.directory.count > $1.directory.count }
        guard let place = places.first(where: { path == $0.directory || path.hasPrefix($0.directory + "/") }) else {
            throw ScaffoldError(description: "\(path) is in no module's Sources, Testing or Tests folder")
        }
        return place
    }

    private func place(named name: String) -> Place? {
        workspace.modules.flatMap(places(of:)).first { $0.target == name }
    }

    private func places(of module: Module) -> [Place] {
        var places = [Place(module: module, target: module.name, directory: module.sourcesDirectory, list: .dependencies)]
        if let testing = module.testing {
            places.append(Place(module: module, target: testing.name, directory: testing.path, list: .testing))
        }
        if let tests = module.tests { places.append(Place(module: module, target: tests.name, directory: tests.path, list: .tests)) }
        return places
    }

    /// Moves one file, through git when it tracks the file, so history follows it.
    private func relocate(_ from: String, to destination: String, journal: ChangeJournal) throws {
        let tracked = (try? Shell.capture(["git", "ls-files", "--error-unmatch", from], in: root))?.status == 0
        if tracked {
            try journal.step {
                journal.willCreateFolders(above: destination)
                try FileManager.default.createDirectory(at: url(destination).deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            // Noted first: a roll-back while git runs puts back what it did.
            journal.moved(from, to: destination, throughGit: true)
            if (try? Shell.capture(["git", "mv", from, destination], in: root))?.status == 0 { return }
            if !FileManager.default.fileExists(atPath: url(from).path) { return }
        }
        try journal.move(from, to: destination)
    }

    /// The types, protocols and type aliases `path` declares at the top level: other files name
    /// those, while a nested type (`Item` inside `List`) is reached through its parent.
    private func declaredTypes(in path: String) throws -> [String] {
        Self.topLevelTypes(in: ImportScanner.codeOnly(try String(contentsOf: url(path), encoding: .utf8)))
    }

    /// The types, protocols and type aliases `code` (without comments or strings) declares outside any braces.
    static func topLevelTypes(in code: String) -> [String] {
        let pattern = #"\b(?:struct|enum|class|actor|protocol|typealias)[ \t]+([A-Za-z_][A-Za-z0-9_]*)"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        var depth = 0
        var scanned = code.startIndex
        return expression.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            guard let whole = Range(match.range, in: code), let name = Range(match.range(at: 1), in: code) else { return nil }
            for character in code[scanned..<whole.lowerBound] {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            scanned = whole.lowerBound
            return depth == 0 ? String(code[name]) : nil
        }
    }

    /// The names `code` declares as generic parameters (`<Key: CodingKey>`), which shadow types.
    static func genericParameters(in code: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: #"[<,][ \t]*([A-Z][A-Za-z0-9_]*)[ \t]*[:>,]"#) else { return [] }
        return Set(
            expression.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap {
                Range($0.range(at: 1), in: code).map { String(code[$0]) }
            })
    }

    /// Whether `code` names one of `names` as a whole identifier.
    static func mentions(_ names: Set<String>, in code: String) -> Bool {
        var word = ""
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty && names.contains(word) { return true }
                word = ""
            }
        }
        return false
    }

    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
