import Foundation
import WorkspaceKit

/// Reading the manifests of generated workspaces of 100 and 300 modules: warm (the compiled
/// result cached under .build/, nothing changed) and cold (one manifest changed, so swiftc
/// compiles the manifests again). Goals: warm `workspace check` of 300 within 300 ms, cold within 10 s.
enum ManifestBenchmarks {
    static let goals = [
        Goal(
            "`workspace check` of 300 modules, manifests unchanged", subject: ("workspace.manifests", "check, warm, 300 modules"),
            within: .milliseconds(300)),
        Goal(
            "`workspace check` of 300 modules after one manifest changed",
            subject: ("workspace.manifests", "check, cold (one manifest changed), 300 modules"), within: .seconds(10)),
    ]

    static var all: [Benchmark] {
        [100, 300].flatMap { [warm($0), cold($0)] }
    }

    /// The whole `check` command with the manifests' JSON in the cache.
    private static func warm(_ count: Int) -> Benchmark {
        Benchmark(
            group: "workspace.manifests", name: "check, warm, \(count) modules", role: count == 100 ? .floor : .subject,
            operationsPerRound: 1
        ) { rounds in
            let root = try WorkspaceBenchmarks.workspace(modules: count)
            for _ in 0..<rounds { try check(root) }
        }
    }

    /// The whole `check` command after the leaf's manifest changed: a compile and a run of the manifests.
    private static func cold(_ count: Int) -> Benchmark {
        Benchmark(
            group: "workspace.manifests", name: "check, cold (one manifest changed), \(count) modules",
            role: count == 100 ? .floor : .subject, operationsPerRound: 1
        ) { rounds in
            let root = try WorkspaceBenchmarks.workspace(modules: count)
            let leaf = "Module\(count - 1)"
            let list = "\"Module\(count - 3)\", \"Module\(count - 2)\""
            for _ in 0..<rounds {
                try WorkspaceBenchmarks.manifest(leaf, dependencies: list, comment: " \(UUID().uuidString)").write(
                    to: root.appendingPathComponent("Manifests/Modules/\(leaf).swift"), atomically: false, encoding: .utf8)
                try check(root)
            }
        }
    }

    private static func check(_ root: URL) throws {
        var lines: [String] = []
        let status = WorkspaceCommand.run(["check"], root: root, out: { lines.append($0) }, err: { lines.append($0) })
        guard status == 0 else { throw CheckFailed(lines: lines) }
    }

    struct CheckFailed: Error {
        let lines: [String]
    }
}
