import Foundation
import Synchronization
import WorkspaceKit

/// `workspace check` on generated workspaces of 100, 200 and 300 modules with 5 source files
/// each: the goal is under 1 s at 300 and linear growth (the ratios against 100 modules); and
/// `workspace affected` at 300 with one leaf changed: the goal is under 300 ms.
enum WorkspaceBenchmarks {
    static let goals = [
        Goal("`workspace check` of 300 modules", subject: ("workspace.check", "check, 300 modules × 5 files"), within: .seconds(1)),
        Goal(
            "`workspace check` grows linearly (300 modules within 3.6× of 100)",
            subject: ("workspace.check", "check, 300 modules × 5 files"),
            baseline: ("workspace.check", "check, 100 modules × 5 files"), .atMost(3.6)),
        Goal(
            "`workspace affected` on 300 modules", subject: ("workspace.affected", "affected, 300 modules, 1 leaf changed"),
            within: .milliseconds(300)),
    ]

    static var all: [Benchmark] {
        check + [affected]
    }

    /// The whole `affected` command, git included, after a change to the leaf `Module299`.
    private static var affected: Benchmark {
        Benchmark(group: "workspace.affected", name: "affected, 300 modules, 1 leaf changed", role: .subject, operationsPerRound: 1) {
            rounds in
            let root = try committedWorkspace()
            for _ in 0..<rounds {
                var lines: [String] = []
                let status = WorkspaceCommand.run(["affected"], root: root, out: { lines.append($0) }, err: { lines.append($0) })
                guard status == 0, lines == ["Module299\nModule299Testing\nModule299Tests"] else {
                    throw UnexpectedSelection(lines: lines)
                }
            }
        }
    }

    private static var check: [Benchmark] {
        [100, 200, 300].map { count in
            Benchmark(
                group: "workspace.check",
                name: "check, \(count) modules × 5 files",
                role: count == 100 ? .floor : .subject,
                operationsPerRound: 5
            ) { rounds in
                let root = try workspace(modules: count)
                for _ in 0..<rounds {
                    let workspace = try ManifestLoader.load(root: root)
                    let problems = WorkspaceChecker(root: root, workspace: workspace).problems()
                    guard problems.isEmpty else { throw GeneratedWorkspaceIsBroken(problems: problems) }
                }
            }
        }
    }

    /// Generated workspaces by size, made on first use (the warm-up), not while measured.
    private static let made = Mutex<[Int: URL]>([:])
    /// The generated workspace under git that `affected` runs on, made on first use.
    private static let committed = Mutex<URL?>(nil)

    static func workspace(modules count: Int) throws -> URL {
        if let root = made.withLock({ $0[count] }) { return root }
        let root = try makeWorkspace(modules: count)
        made.withLock { $0[count] = root }
        return root
    }

    /// Removes the generated workspaces.
    static func removeWorkspaces() {
        for root in made.withLock({ Array($0.values) }) + [committed.withLock({ $0 })].compactMap({ $0 }) {
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// The 300-module workspace committed to git, then its leaf changed; made once.
    private static func committedWorkspace() throws -> URL {
        if let root = committed.withLock({ $0 }) { return root }
        let root = try makeWorkspace(modules: 300)
        committed.withLock { $0 = root }
        for arguments in [
            ["init", "-q"], ["add", "-A"], ["-c", "user.name=Bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "bench"],
        ] {
            try ChildProgram.run("/usr/bin/env", ["git"] + arguments, in: root, output: .inherited)
        }
        try "public enum Changed {}\n".write(
            to: root.appendingPathComponent("Modules/Module299/Sources/File0.swift"), atomically: false, encoding: .utf8)
        return root
    }

    struct UnexpectedSelection: Error {
        let lines: [String]
    }

    struct GeneratedWorkspaceIsBroken: Error {
        let problems: [Problem]
    }

    /// Module `name`'s manifest, its dependencies the Swift list `list`.
    static func manifest(_ name: String, dependencies list: String, comment: String = "") -> String {
        """
        // \(name)\(comment)
        import WorkspaceDescription

        extension Modules {
            static let \(name) = Module.library("\(name)", layer: .core, dependencies: [\(list)], tests: ["\(name)Testing"])
        }

        """
    }

    /// A workspace of `count` modules in one layer, each importing the previous two.
    static func makeWorkspace(modules count: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-bench-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        try write(
            "Manifests/Workspace.swift",
            """
            import WorkspaceDescription

            extension Layer {
                static let core = Layer("core")
            }

            let workspace = Workspace(
                name: "Bench", macOS: "15", layers: [LayerRule(.core, mayDependOn: [.core])], injection: "Injection",
                mayImportInjection: [])
            """)
        // The workspace's own convention for a library, as the checkout this program was built from has it.
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Manifests/Helpers/Module+Library.swift")
        try write("Manifests/Helpers/Module+Library.swift", try String(contentsOf: helper, encoding: .utf8))
        for index in 0..<count {
            let name = "Module\(index)"
            let dependencies = (max(0, index - 2)..<index).map { "Module\($0)" }
            let list = dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
            try write("Manifests/Modules/\(name).swift", manifest(name, dependencies: list))
            let imports = dependencies.map { "import \($0)\n" }.joined()
            for file in 0..<5 {
                try write(
                    "Modules/\(name)/Sources/File\(file).swift",
                    """
                    import Foundation
                    \(imports)
                    /// Type \(file) of \(name); "import Nothing" in a string and // import Nothing in a comment.
                    public struct Type\(file) {
                        public let value = "import Nowhere"
                        public init() {}
                    }

                    """)
            }
            try write("Modules/\(name)/Testing/\(name)Doubles.swift", "import \(name)\n")
            try write("Tests/\(name)Tests/\(name)Tests.swift", "import \(name)\nimport \(name)Testing\nimport Testing\n")
        }
        try Generator.generate(try ManifestLoader.load(root: root), root: root)
        return root
    }
}
