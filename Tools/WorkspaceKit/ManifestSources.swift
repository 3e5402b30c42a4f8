import Foundation

/// The Swift files the manifest program is compiled from, read once: `Manifests/Workspace.swift`,
/// `Manifests/Modules/*.swift` (one module each, named for it) and `Manifests/Helpers/**/*.swift`.
struct ManifestSources {
    /// The workspace's folder.
    let root: URL
    /// The module manifests, relative to the workspace, sorted.
    let moduleFiles: [String]
    /// Every file, relative to the workspace, with its text.
    let texts: [String: String]

    /// Reads the manifests of the workspace at `root`; throws `ManifestError` for a missing
    /// Workspace.swift or a module manifest whose file name is not a module name.
    init(root: URL) throws(ManifestError) {
        self.root = root
        var texts = [ManifestLoader.workspaceFile: try Self.text(root: root, file: ManifestLoader.workspaceFile)]
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(ManifestLoader.modulesFolder).path)) ?? []
        moduleFiles = names.filter { $0.hasSuffix(".swift") }.sorted().map { ManifestLoader.modulesFolder + $0 }
        for file in moduleFiles { texts[file] = try Self.text(root: root, file: file) }
        for file in Self.helperFiles(root: root) { texts[file] = try Self.text(root: root, file: file) }
        self.texts = texts
        var seen: [Substring: String] = [:]
        for file in texts.keys.sorted() {
            let name = file.split(separator: "/").last ?? ""
            if let other = seen.updateValue(file, forKey: name) {
                throw ManifestError(
                    file: file, line: 1, message: "\(other) has the same file name; swiftc needs every manifest's to differ")
            }
        }
        for file in moduleFiles {
            let name = Self.moduleName(of: file)
            if let refusal = ModuleNames.refusal(name) {
                throw ManifestError(file: file, line: line(of: "\"\(name)\"", in: file), message: refusal)
            }
        }
    }

    /// The module a module manifest declares: its file's name (`Manifests/Modules/Core.swift` → `Core`).
    static func moduleName(of file: String) -> String {
        String((file.split(separator: "/").last ?? "").dropLast(".swift".count))
    }

    /// A hash of every file's path and bytes.
    var hash: String {
        var hash = StableHash()
        for (file, text) in texts.sorted(by: { $0.key < $1.key }) {
            hash.combine(file)
            hash.combine(text)
        }
        return hash.hex
    }

    /// Every file the compiler reads, relative to the workspace, sorted.
    var files: [String] {
        texts.keys.sorted()
    }

    /// The 1-based line of the first `needle` in `file` after its `occurrence - 1` earlier ones, or 1.
    func line(of needle: String, in file: String, occurrence: Int = 1) -> Int {
        guard let text = texts[file] else { return 1 }
        var rest = text[...]
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let range = rest.range(of: needle) else { return 1 }
            found = range
            rest = rest[range.upperBound...]
        }
        guard let found else { return 1 }
        return text[..<found.lowerBound].reduce(1) { $1.isNewline ? $0 + 1 : $0 }
    }

    private static func helperFiles(root: URL) -> [String] {
        let helpers = root.appendingPathComponent(ManifestLoader.helpersFolder)
        guard let enumerator = FileManager.default.enumerator(atPath: helpers.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { ManifestLoader.helpersFolder + $0 }
    }

    private static func text(root: URL, file: String) throws(ManifestError) -> String {
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            throw ManifestError(file: file, line: 1, message: "cannot read the manifest")
        }
        return text
    }
}
