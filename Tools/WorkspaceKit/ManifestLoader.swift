import Foundation

/// Reads `Manifests/Workspace.swift` and `Manifests/Modules/*.swift` into a `Workspace`.
public enum ManifestLoader {
    /// The workspace's own manifest, relative to the workspace.
    public static let workspaceFile = "Manifests/Workspace.swift"

    /// The workspace at `root`; throws `ManifestError` naming the file and line of a problem.
    public static func load(root: URL) throws -> Workspace {
        let modulesDirectory = root.appendingPathComponent("Manifests/Modules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modulesDirectory.path)) ?? []
        let moduleFiles = names.filter { $0.hasSuffix(".swift") }.sorted().map { "Manifests/Modules/\($0)" }
        return try workspace(
            manifest: try text(root: root, file: workspaceFile),
            modules: try moduleFiles.map { file in (file, try text(root: root, file: file)) })
    }

    /// The workspace the texts of `Manifests/Workspace.swift` and of module manifests (file, text)
    /// declare, as `load` reads them; throws `ManifestError`. Also the manifest fuzz target's entry.
    package static func workspace(manifest: String, modules: [(file: String, text: String)]) throws(ManifestError) -> Workspace {
        guard let value = try ManifestParser.declarations(in: manifest, file: workspaceFile)["workspace"] else {
            throw ManifestError(file: workspaceFile, line: 1, message: "expected 'let workspace = Workspace(…)'")
        }
        var read: [Module] = []
        for (file, text) in modules {
            guard let module = try ManifestParser.declarations(in: text, file: file)["module"] else {
                throw ManifestError(file: file, line: 1, message: "expected 'let module = Module(…)'")
            }
            read.append(try ModuleReader(file: file).module(from: module))
        }
        return try WorkspaceReader(file: workspaceFile).workspace(from: value, modules: read)
    }

    private static func text(root: URL, file: String) throws(ManifestError) -> String {
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            throw ManifestError(file: file, line: 1, message: "cannot read the manifest")
        }
        return text
    }
}

/// Reads labelled arguments of one manifest call, naming the file and line of any problem.
struct ArgumentReader {
    let file: String
    let arguments: [ManifestArgument]
    let line: Int

    init(file: String, call value: ManifestValue, named expected: String) throws(ManifestError) {
        guard case .call(let name, let arguments) = value, name == expected else {
            throw ManifestError(file: file, line: 1, message: "expected \(expected)(…) but found \(value.kind)")
        }
        self.file = file
        self.arguments = arguments
        self.line = arguments.first?.line ?? 1
        if let unlabelled = arguments.first(where: { $0.label == nil }) {
            throw ManifestError(file: file, line: unlabelled.line, message: "every argument of \(expected)(…) needs a label")
        }
        var labels = Set<String>()
        for argument in arguments where !labels.insert(argument.label ?? "").inserted {
            throw ManifestError(file: file, line: argument.line, message: "'\(argument.label ?? ""):' is given twice")
        }
    }

    func rejectUnknown(_ allowed: Set<String>, in call: String) throws(ManifestError) {
        if let unknown = arguments.first(where: { !allowed.contains($0.label ?? "") }) {
            let names = allowed.sorted().joined(separator: ", ")
            throw ManifestError(
                file: file, line: unknown.line, message: "\(call)(…) has no argument '\(unknown.label ?? "")' (expected \(names))")
        }
    }

    func argument(_ label: String) -> ManifestArgument? {
        arguments.first { $0.label == label }
    }

    func string(_ label: String) throws(ManifestError) -> String {
        guard let argument = argument(label) else {
            throw ManifestError(file: file, line: line, message: "missing argument '\(label):'")
        }
        guard case .string(let text) = argument.value else {
            throw ManifestError(file: file, line: argument.line, message: "'\(label):' must be a string, not \(argument.value.kind)")
        }
        return text
    }

    func member(_ label: String, default fallback: String? = nil) throws(ManifestError) -> String {
        guard let argument = argument(label) else {
            if let fallback { return fallback }
            throw ManifestError(file: file, line: line, message: "missing argument '\(label):'")
        }
        guard case .member(let name, nil) = argument.value else {
            throw ManifestError(
                file: file, line: argument.line, message: "'\(label):' must be a case such as .name, not \(argument.value.kind)")
        }
        return name
    }

    func bool(_ label: String, default fallback: Bool) throws(ManifestError) -> Bool {
        guard let argument = argument(label) else { return fallback }
        guard case .bool(let value) = argument.value else {
            throw ManifestError(file: file, line: argument.line, message: "'\(label):' must be true or false, not \(argument.value.kind)")
        }
        return value
    }

    func strings(_ label: String) throws(ManifestError) -> [String] {
        guard let argument = argument(label) else { return [] }
        guard case .array(let elements) = argument.value else {
            throw ManifestError(
                file: file, line: argument.line, message: "'\(label):' must be an array of strings, not \(argument.value.kind)")
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                throw ManifestError(file: file, line: argument.line, message: "'\(label):' must hold only strings, not \(element.kind)")
            }
            guard !strings.contains(text) else {
                throw ManifestError(file: file, line: argument.line, message: "'\(label):' lists \(text) twice")
            }
            strings.append(text)
        }
        return strings
    }

    func values(_ label: String) throws(ManifestError) -> [ManifestValue] {
        guard let argument = argument(label) else { return [] }
        guard case .array(let elements) = argument.value else {
            throw ManifestError(file: file, line: argument.line, message: "'\(label):' must be an array, not \(argument.value.kind)")
        }
        return elements
    }
}
