/// Turns a parsed `Module(…)` manifest into a `Module`.
struct ModuleReader {
    let file: String

    func module(from value: ManifestValue) throws(ManifestError) -> Module {
        let reader = try ArgumentReader(file: file, call: value, named: "Module")
        try reader.rejectUnknown(["name", "kind", "layer", "dependencies", "resources", "testing", "tests"], in: "Module")
        let name = try reader.string("name")
        guard Self.isValidName(name) else {
            throw ManifestError(
                file: file, line: reader.line, message: "'\(name)' is not a module name: use UpperCamelCase letters and digits")
        }
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
            resources: try reader.strings("resources"),
            hasTesting: try reader.bool("testing", default: kind == .library),
            hasTests: try reader.bool("tests", default: true),
            manifest: file
        )
    }

    /// UpperCamelCase ASCII letters and digits, starting with a letter.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
