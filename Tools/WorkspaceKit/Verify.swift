import Foundation

/// `verify`: for the change since a git revision, runs what `.ci/run` would fail on that the
/// change can reach, in CI's order, and stops at the first step that fails, naming it and the
/// file: the rules and generated files, the formatter on the touched files, the build with
/// warnings as errors, the example programs reached, then the selected test targets one by one.
enum Verify {
    /// What `.ci/run` checks that no change can select honestly, said at the start of every run.
    static let leftOut =
        "verify leaves out what cannot be selected for a change: the sanitizer runs (.ci/run steps 3, 3b), the documentation "
        + "site's docc build and browser tests (4b: 'swift run workspace docs'), coverage of the whole suite (6), fuzzing's time "
        + "budget (7, its corpora are replayed by FuzzTargetsTests), and the suite under load (2)."

    /// The folders `.ci/format --lint` lints.
    static let formatted = ["Modules", "App", "Tools", "Tests", "Benchmarks", "Manifests/WorkspaceDescription"]

    /// A step that failed: its name and the lines that say where.
    struct Failure: Error {
        let step: String
        let lines: [String]
    }

    /// Runs the steps for the change since `base`; `swift` runs each `swift test`; returns the exit status.
    static func run(
        since base: String, root: URL, out: (String) -> Void, err: (String) -> Void, swift: SelectiveTesting.Swift,
        printed: ToolOutputs.Printed?
    ) throws -> Int32 {
        let started = ContinuousClock.now
        let workspace = try ManifestLoader.load(root: root)
        let graph = TargetGraph(workspace)
        let changed = try GitChanges.files(since: base, root: root)
        let affected = AffectedTargets(
            changedFiles: changed, graph: graph,
            packageIsGenerated: (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
                == PackageGenerator.packageSwift(for: workspace))
        let reached = affected.modules.count + affected.testTargets.count
        out(
            "verify: \(changed.count) \(changed.count == 1 ? "file" : "files") changed since \(base); they reach \(affected.modules.count) modules and "
                + "\(affected.testTargets.count) test targets.")
        out(leftOut)
        var timings: [String] = []
        func timed(_ name: String, _ body: () throws -> Void) throws {
            let stepStarted = ContinuousClock.now
            try body()
            timings.append("\(name) \((ContinuousClock.now - stepStarted).components.seconds) s")
        }
        do {
            try timed("check") {
                out("==> check")
                let problems =
                    WorkspaceChecker(root: root, workspace: workspace).problems()
                    + ToolOutputs(workspace, root: root, printed: printed).problems()
                for warning in Placeholders.warnings(in: workspace, root: root) { err(warning.description) }
                if !problems.isEmpty { throw Failure(step: "check", lines: problems.map(\.description)) }
            }
            try timed("format") { try format(changed, root: root, out: out) }
            if reached > 0 || changed.contains(where: { $0.hasPrefix("Manifests/") }) {
                try timed("build") { try build(changed, root: root, out: out) }
            }
            try timed("examples") { try runExamples(affected.modules, graph: graph, root: root, out: out) }
            try timed("tests") { try runTests(affected.testTargets, out: out, swift: swift) }
        } catch let failure as Failure {
            for line in failure.lines { err(line) }
            err("verify: failed at \(failure.step); .ci/run fails there too.")
            return 1
        }
        let seconds = (ContinuousClock.now - started).components.seconds
        out(
            "verify: passed (\(affected.testTargets.count) test targets run) in \(seconds) s: \(timings.joined(separator: ", ")).")
        return 0
    }

    /// `swift format lint --strict` on the changed Swift files `.ci/format --lint` reads.
    private static func format(_ changed: [String], root: URL, out: (String) -> Void) throws {
        let files = changed.filter { path in
            path.hasSuffix(".swift") && formatted.contains { path.hasPrefix($0 + "/") }
                && FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
        out("==> format (\(files.count) files)")
        guard !files.isEmpty else { return }
        let result = try Shell.capture(["swift", "format", "lint", "--strict"] + files, in: root, mergingErrors: true)
        let lines = result.standardOutput.split(separator: "\n").map(String.init).filter {
            $0.contains("warning:") || $0.contains("error:")
        }
        guard result.status == 0 && lines.isEmpty else {
            throw Failure(
                step: "format (fix with .ci/format)", lines: lines.isEmpty ? [result.standardOutput] : relative(lines, root: root))
        }
    }

    /// `swift build --build-tests` (what the change reaches is what it recompiles), and the
    /// manifests' own package when they changed; any warning fails, as in CI.
    private static func build(_ changed: [String], root: URL, out: (String) -> Void) throws {
        var builds = [(name: "build, warnings are errors", arguments: ["swift", "build", "--build-tests"])]
        if changed.contains(where: { $0.hasPrefix("Manifests/") }) {
            builds.append(
                (
                    "build of Manifests/ as an editor opens it",
                    ["swift", "build", "--package-path", "Manifests", "--scratch-path", ".build-manifests"]
                ))
        }
        for (name, arguments) in builds {
            out("==> \(name)")
            let result = try Shell.capture(arguments, in: root, mergingErrors: true)
            var seen = Set<String>()
            let lines = result.standardOutput.split(separator: "\n").map(String.init).filter {
                ($0.contains("warning:") || $0.contains("error:")) && seen.insert($0).inserted
            }
            guard result.status == 0 && lines.isEmpty else {
                let tail = result.standardOutput.split(separator: "\n").suffix(20).map(String.init)
                throw Failure(step: name, lines: lines.isEmpty ? tail : relative(lines, root: root))
            }
        }
    }

    /// Each example program the change reaches, run on its own as `.ci/run` step 4c does.
    private static func runExamples(_ modules: [String], graph: TargetGraph, root: URL, out: (String) -> Void) throws {
        let examples = graph.targets.filter { modules.contains($0.name) && $0.paths.contains { $0.hasPrefix("Examples/") } }
        for example in examples {
            out("==> example \(example.name)")
            let result = try Shell.capture(["swift", "run", "--skip-build", example.name], in: root, mergingErrors: true)
            guard result.status == 0 else {
                throw Failure(
                    step: "example \(example.name)", lines: result.standardOutput.split(separator: "\n").suffix(20).map(String.init))
            }
        }
    }

    /// Each selected test target, on its own so that a failure names it.
    private static func runTests(_ targets: [String], out: (String) -> Void, swift: SelectiveTesting.Swift) throws {
        out("==> tests (\(targets.isEmpty ? "none selected" : targets.joined(separator: ", ")))")
        var failed: [String] = []
        for target in targets where try swift(["test", "--skip-build", "--filter", "^\(target)\\."]) != 0 {
            failed.append(target)
        }
        if !failed.isEmpty { throw Failure(step: "tests", lines: ["verify: failing test targets: \(failed.joined(separator: ", "))"]) }
    }

    /// Diagnostics with the workspace's path taken off their file names.
    private static func relative(_ lines: [String], root: URL) -> [String] {
        let prefix = root.standardizedFileURL.path + "/"
        return lines.map { $0.replacingOccurrences(of: prefix, with: "") }
    }
}
