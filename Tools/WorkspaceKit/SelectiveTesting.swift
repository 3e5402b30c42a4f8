import Foundation

/// `affected` and `test`: what changed since a git base (or since the last green run), and
/// `swift test` on the test targets that could see it.
enum SelectiveTesting {
    /// Runs `swift` with the given arguments in the workspace; returns its exit status.
    typealias Swift = ([String]) throws -> Int32

    /// Which test targets `test` runs.
    enum Selection {
        /// Those that could see a change since this git revision.
        case since(String)
        /// Those whose inputs changed since their last green run; `explain` prints which inputs.
        case changed(explain: Bool)
    }

    /// `affected`: prints the modules and test targets changed since `base`, one a line or (with `json`) as JSON.
    static func affected(since base: String, json: Bool, root: URL, out: (String) -> Void) throws {
        let affected = try affectedTargets(since: base, root: root)
        if json {
            out(affected.json(base: base))
        } else if !affected.text.isEmpty {
            out(affected.text)
        }
    }

    /// `test`: runs `swift test` on the test targets `selection` picks, passing `passed` on; returns its exit status.
    static func test(_ selection: Selection, passed: [String], root: URL, out: (String) -> Void, swift: Swift) throws -> Int32 {
        let graph = TargetGraph(try ManifestLoader.load(root: root))
        let allTests = graph.targets.filter { $0.role == .tests }.map(\.name).sorted()
        switch selection {
        case .since(let base):
            let selected = try affectedTargets(since: base, root: root).testTargets
            return try run(
                selected, of: allTests, reason: "nothing they test changed since \(base)", out: out, swift: swift, passed: passed)
        case .changed(let explain):
            return try testChanged(allTests, graph: graph, explain: explain, passed: passed, root: root, out: out, swift: swift)
        }
    }

    /// `test --changed`: builds once, then runs each target whose inputs changed on its own and
    /// records it as soon as it passes, so a red or interrupted run keeps every target that passed.
    private static func testChanged(
        _ allTests: [String], graph: TargetGraph, explain: Bool, passed: [String], root: URL, out: (String) -> Void, swift: Swift
    ) throws -> Int32 {
        let hashes = TestInputHashes(graph: graph, root: root)
        let current = hashes.inputs(toolchain: try toolchainVersion(root: root))
        let recorded = hashes.recorded()
        if recorded.isEmpty {
            out(
                "No record of a green run yet (\(TestInputHashes.file)): running all \(allTests.count) test targets, one at a time. "
                    + "This first run takes longer than a full 'swift test' (which took 16 minutes on a busy 2-core machine, "
                    + "docs/PERFORMANCE.md, \"Verifying a change\"); later runs take only what changed.")
        }
        let selected = allTests.filter { current[$0] != recorded[$0] }
        if explain {
            for target in selected {
                guard let before = recorded[target] else {
                    out("\(target): no record of a green run")
                    continue
                }
                let changed = TestInputHashes.changedInputs(current[target] ?? [:], since: before)
                let shown = changed.prefix(12).joined(separator: ", ")
                out("\(target): \(shown)\(changed.count > 12 ? " and \(changed.count - 12) more" : "") changed")
            }
        }
        let skipped = allTests.filter { !selected.contains($0) }
        guard !selected.isEmpty else {
            out("No test target is affected (their inputs are unchanged since their last green run): running nothing.")
            return 0
        }
        if !skipped.isEmpty {
            out(
                "Skipping \(skipped.count) test targets, their inputs are unchanged since their last green run: \(skipped.joined(separator: ", "))."
            )
        }
        let build = try swift(["build", "--build-tests"])
        guard build == 0 else { return build }
        // A run narrowed by the caller's own --filter or --skip did not run whole targets: record nothing.
        let narrowed = passed.contains { $0 == "--filter" || $0 == "--skip" }
        var failed: [String] = []
        for target in selected {
            out("Running \(target).")
            if try swift(["test", "--skip-build", "--filter", "^\(target)\\."] + passed) == 0 {
                if !narrowed, let inputs = current[target] { try hashes.record(inputs, for: target) }
            } else {
                failed.append(target)
            }
        }
        if !failed.isEmpty { out("Failed, not recorded: \(failed.joined(separator: ", ")).") }
        return failed.isEmpty ? 0 : 1
    }

    /// The arguments of `swift test` that run exactly `targets`, then `passed`.
    static func swiftTestArguments(_ targets: [String], passed: [String]) -> [String] {
        ["test"] + targets.flatMap { ["--filter", "^\($0)\\."] } + passed
    }

    private static func run(
        _ selected: [String], of all: [String], reason: String, out: (String) -> Void, swift: Swift, passed: [String]
    ) throws -> Int32 {
        let skipped = all.filter { !selected.contains($0) }
        guard !selected.isEmpty else {
            out("No test target is affected (\(reason)): running nothing.")
            return 0
        }
        if !skipped.isEmpty { out("Skipping \(skipped.count) test targets, \(reason): \(skipped.joined(separator: ", ")).") }
        out("Running \(selected.joined(separator: ", ")).")
        return try swift(swiftTestArguments(selected, passed: passed))
    }

    private static func affectedTargets(since base: String, root: URL) throws -> AffectedTargets {
        let workspace = try ManifestLoader.load(root: root)
        let changedFiles = try GitChanges.files(since: base, root: root)
        return AffectedTargets(
            changedFiles: changedFiles, graph: TargetGraph(workspace),
            packageIsGenerated: (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
                == PackageGenerator.packageSwift(for: workspace))
    }

    private static func toolchainVersion(root: URL) throws -> String {
        let output = try Shell.capture(["swift", "--version"], in: root)
        guard output.status == 0 else { throw Shell.Failure(description: "swift --version failed: exit \(output.status)") }
        return output.standardOutput
    }
}
