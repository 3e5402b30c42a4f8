/// Which modules and test targets a set of changed files affects: the targets that hold them, the
/// targets their manifests declare, the targets that declare they read them, and everything that
/// depends on those, directly or not.
public struct AffectedTargets: Equatable, Sendable {
    /// The changed files, relative to the workspace, sorted.
    public let changedFiles: [String]
    /// The affected targets that are not tests or system libraries, sorted.
    public let modules: [String]
    /// The affected test targets, sorted.
    public let testTargets: [String]

    /// What `changedFiles` affect in `graph`; `packageIsGenerated` says whether Package.swift is
    /// the one the manifests generate, so that a change to it only follows theirs.
    public init(changedFiles: [String], graph: TargetGraph, packageIsGenerated: Bool) {
        var seeds: Set<String> = []
        var everything = false
        for file in changedFiles {
            if let declared = graph.declaredBy[file] {
                seeds.formUnion(declared)
            } else if file == ManifestLoader.workspaceFile || file.hasPrefix(ManifestLoader.helpersFolder)
                || (file == "Package.swift" && !packageIsGenerated)
            {
                everything = true
            } else if let owner = graph.owner(of: file) {
                seeds.insert(owner.name)
            }
            seeds.formUnion(graph.targets.filter { $0.readsPath(file) }.map(\.name))
        }
        let affected = everything ? Set(graph.targets.map(\.name)) : graph.withDependents(of: seeds)
        let targets = graph.targets.filter { affected.contains($0.name) }
        self.changedFiles = changedFiles.sorted()
        self.modules = targets.filter { $0.role == .module }.map(\.name).sorted()
        self.testTargets = targets.filter { $0.role == .tests }.map(\.name).sorted()
    }

    /// One name a line: the modules, then the test targets.
    public var text: String {
        (modules + testTargets).joined(separator: "\n")
    }

    /// `{"base":…,"changedFiles":[…],"modules":[…],"testTargets":[…]}`.
    public func json(base: String) -> String {
        func array(_ names: [String]) -> String { "[" + names.map(Self.quoted).joined(separator: ",") + "]" }
        return "{\"base\":\(Self.quoted(base)),\"changedFiles\":\(array(changedFiles)),\"modules\":\(array(modules)),"
            + "\"testTargets\":\(array(testTargets))}"
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
