/// Turns a parsed `Module(…)` manifest into a `Module`.
struct ModuleReader {
    let file: String

    func module(from value: ManifestValue) throws(ManifestError) -> Module {
        let reader = try ArgumentReader(file: file, call: value, named: "Module")
        try reader.rejectUnknown(
            ["name", "kind", "layer", "dependencies", "testDependencies", "resources", "systemLibraries", "testing", "tests"], in: "Module")
        let name = try reader.string("name")
        try checkName(name, line: reader.argument("name")?.line ?? reader.line)
        let kindName = try reader.member("kind", default: Module.Kind.library.rawValue)
        guard let kind = Module.Kind(rawValue: kindName) else {
            throw ManifestError(
                file: file, line: reader.argument("kind")?.line ?? reader.line, message: "kind must be .library or .app, not .\(kindName)")
        }
        return Module(
            name: name,
            kind: kind,
            layer: try reader.member("layer"),
            dependencies: try reader.strings("dependencies"),
            testDependencies: try reader.strings("testDependencies"),
            resources: try reader.strings("resources"),
            systemLibraries: try reader.values("systemLibraries").map { value throws(ManifestError) in try systemLibrary(from: value) },
            hasTesting: try reader.bool("testing", default: kind == .library),
            hasTests: try reader.bool("tests", default: true),
            manifest: file
        )
    }

    /// `SystemLibrary(name:header:link:pkgConfig:providers:)`, with providers such as `.apt(["libsqlite3-dev"])`.
    private func systemLibrary(from value: ManifestValue) throws(ManifestError) -> SystemLibrary {
        let reader = try ArgumentReader(file: file, call: value, named: "SystemLibrary")
        try reader.rejectUnknown(["name", "header", "link", "pkgConfig", "providers"], in: "SystemLibrary")
        let name = try reader.string("name")
        try checkName(name, line: reader.argument("name")?.line ?? reader.line)
        var providers: [SystemLibrary.Provider] = []
        for provider in try reader.values("providers") {
            guard case .member(let managerName, let arguments?) = provider, let manager = SystemLibrary.Manager(rawValue: managerName),
                arguments.count == 1, arguments[0].label == nil, case .array(let elements) = arguments[0].value
            else {
                throw ManifestError(
                    file: file, line: reader.argument("providers")?.line ?? reader.line,
                    message: "providers must be .apt([\"package\"]) or .brew([\"package\"]), not \(provider.kind)")
            }
            var packages: [String] = []
            for element in elements {
                guard case .string(let package) = element else {
                    throw ManifestError(
                        file: file, line: arguments[0].line, message: ".\(managerName)(…) must hold only strings, not \(element.kind)")
                }
                packages.append(package)
            }
            providers.append(SystemLibrary.Provider(manager: manager, packages: packages))
        }
        return SystemLibrary(
            name: name, header: try reader.string("header"), link: try reader.string("link"),
            pkgConfig: reader.argument("pkgConfig") == nil ? nil : try reader.string("pkgConfig"), providers: providers)
    }

    /// Refuses a name that is not UpperCamelCase, or that `ModuleNames` says the toolchain or the language reserves.
    private func checkName(_ name: String, line: Int) throws(ManifestError) {
        guard ModuleNames.isUpperCamelCase(name) else {
            throw ManifestError(file: file, line: line, message: "'\(name)' is not a module name: use UpperCamelCase letters and digits")
        }
        if let refusal = ModuleNames.refusal(name) {
            throw ManifestError(file: file, line: line, message: refusal)
        }
    }
}
