import WorkspaceDescription

/// Turns what the manifests' program printed into a `Workspace`, refusing what the compiler
/// cannot: a name that is not a module name, a module named unlike its file, an entry listed twice.
struct ManifestConversion {
    let sources: ManifestSources

    func workspace(from output: ManifestOutput) throws(ManifestError) -> Workspace {
        var modules: [Module] = []
        for entry in output.modules { modules.append(try module(entry.module, file: entry.file)) }
        let rules = output.workspace
        return Workspace(
            name: rules.name, macOS: rules.macOS,
            layers: rules.layers.map { Workspace.Layer(name: $0.layer.name, mayDependOn: $0.mayDependOn.map(\.name)) },
            injection: rules.injection, mayImportInjection: rules.mayImportInjection,
            tools: rules.tools.map {
                Workspace.Tool(
                    name: $0.name, kind: kind(of: $0), path: $0.path, dependencies: $0.dependencies, generates: $0.generates,
                    reads: $0.reads)
            },
            moduleGraphFile: rules.moduleGraphFile, modules: modules, testSupport: rules.testSupport,
            requiresCatalogs: rules.requiresCatalogs)
    }

    private func module(_ declared: WorkspaceDescription.Module, file: String) throws(ManifestError) -> Module {
        try checkName(declared.name, in: file)
        let expected = ManifestSources.moduleName(of: file)
        guard declared.name == expected else {
            throw ManifestError(
                file: file, line: sources.line(of: "\"\(declared.name)\"", in: file),
                message: "the module is named \(declared.name) but its manifest is \(expected).swift; name them alike")
        }
        for library in declared.systemLibraries { try checkName(library.name, in: file) }
        let module = Module(
            name: declared.name, kind: declared.kind == .app ? .app : .library, layer: declared.layer.name,
            directory: declared.directory, sourcesDirectory: declared.sources, dependencies: declared.dependencies,
            resources: declared.resources, systemLibraries: declared.systemLibraries, testing: declared.testing,
            tests: declared.tests, example: declared.example, manifest: file)
        let lists = [("'dependencies:'", module.dependencies)] + module.companions.map { ($0.name, $0.dependencies) }
        for (label, list) in lists {
            var seen = Set<String>()
            for name in list where !seen.insert(name).inserted {
                throw ManifestError(
                    file: file, line: sources.line(of: "\"\(name)\"", in: file, occurrence: 2), message: "\(label) lists \(name) twice")
            }
        }
        // A companion's name is the module's with a suffix (`CoreTesting`): the module's name was
        // held to the length and reserved names, the companion's need only be a name.
        for companion in module.companions where !ModuleNames.isUpperCamelCase(companion.name) {
            throw ManifestError(
                file: file, line: sources.line(of: companion.name, in: file),
                message: "'\(companion.name)' is not a target name: use UpperCamelCase letters and digits, such as FavoritesTests")
        }
        return module
    }

    private func kind(of tool: Tool) -> Workspace.Tool.Kind {
        switch tool.kind {
        case .library: .library
        case .executable: .executable
        case .tests: .tests
        }
    }

    /// Refuses a name that `ModuleNames` does not accept, at the line that spells it.
    private func checkName(_ name: String, in file: String) throws(ManifestError) {
        if let refusal = ModuleNames.refusal(name) {
            throw ManifestError(file: file, line: sources.line(of: "\"\(name)\"", in: file), message: refusal)
        }
    }
}
