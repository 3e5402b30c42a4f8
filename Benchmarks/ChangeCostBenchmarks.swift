import Foundation
import Synchronization

/// What a change costs a team: in a copy of a workspace built once in debug, a body change and a
/// public-API change to a leaf adapter (Postgres), a mid-graph module (Storage) and the CLI
/// (Commands), each followed by an incremental `swift build` (timed, its compiled files counted)
/// and by `workspace affected` (the test targets `workspace test` would run and their share of
/// the tests), then taken back and built again. Goals are counts, not times; see docs/PERFORMANCE.md.
enum ChangeCostBenchmarks {
    static let group = "change-cost"
    static let floorName = "nothing changed"

    /// The modules changed, in the order measured.
    static let modules = ["Postgres", "Storage", "Commands"]

    /// The goals, as data: each names a case and the counts it sums.
    static let goals: [Goal] =
        modules.map { module in
            Goal(
                "a body change in \(module) recompiles no file outside \(module)", subject: (group, name(module, .body)),
                counts: [outside(module)], unit: "files", atMost: 0)
        } + [
            Goal(
                "a public change in Postgres recompiles no file of Commands, Favorites or Repository",
                subject: (group, name("Postgres", .publicFunction)), counts: ["Commands", "Favorites", "Repository"].map(filesIn),
                unit: "files", atMost: 0),
            Goal(
                "a change in Postgres (a leaf adapter) selects at most 20 % of the tests",
                subject: (group, name("Postgres", .publicFunction)), counts: [shareOfTests], unit: "%", atMost: 20),
        ]

    /// Every case: the build with nothing changed (the floor), then each module's two changes.
    static func all(tree: URL, revision: String) -> [Benchmark] {
        [floor(tree: tree, revision: revision)]
            + modules.flatMap { module in
                [SourceEdit.Kind.body, .publicFunction].map { change($0, in: module, tree: tree, revision: revision) }
            }
    }

    /// The checkout this program was built from: the tree measured when no `--tree` is given.
    static var defaultTree: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The case's name for `kind` of change in `module`.
    static func name(_ module: String, _ kind: SourceEdit.Kind) -> String {
        switch kind {
        case .body: "\(module), body change"
        case .publicFunction: "\(module), public function added"
        }
    }

    /// The names of the counts each case reports.
    static func filesIn(_ target: String) -> String { "files in \(target)" }
    static func outside(_ module: String) -> String { "files outside \(module)" }
    static func outsideDependents(_ module: String) -> String { "files outside \(module) and its dependents" }
    static let files = "files"
    static let modulesRecompiled = "modules"
    static let testTargets = "test targets"
    static let shareOfTests = "share of tests"

    /// One row of the table.
    private struct Row {
        let change: String
        let site: String
        let build: ChangeCostWorkspace.Build
        let selected: [String]
        let share: Double
    }

    private static let rows = Mutex<[Row]>([])

    /// An incremental build with nothing changed: what every build pays.
    private static func floor(tree: URL, revision: String) -> Benchmark {
        Benchmark(group: group, name: floorName, role: .floor) {
            let workspace = try ChangeCostWorkspace.shared(tree: tree, revision: revision)
            let build = try workspace.build()
            let selected = try workspace.affectedTestTargets()
            return measured(build, selected: selected, module: nil, in: workspace, change: floorName, site: "")
        }
    }

    /// `kind` of change in `module`: built and asked about, then taken back and built again (not timed).
    private static func change(_ kind: SourceEdit.Kind, in module: String, tree: URL, revision: String) -> Benchmark {
        Benchmark(group: group, name: name(module, kind), role: .subject) {
            let workspace = try ChangeCostWorkspace.shared(tree: tree, revision: revision)
            let edit = try SourceEdit(kind, sources: try workspace.sources(of: module))
            try edit.apply()
            let outcome = Result { (try workspace.build(), try workspace.affectedTestTargets()) }
            try edit.revert()
            _ = try workspace.build()
            let (build, selected) = try outcome.get()
            return measured(build, selected: selected, module: module, in: workspace, change: name(module, kind), site: edit.site)
        }
    }

    /// The case's time and counts, its row kept for the table.
    private static func measured(
        _ build: ChangeCostWorkspace.Build, selected: [String], module: String?, in workspace: ChangeCostWorkspace, change: String,
        site: String
    ) -> Benchmark.Measured {
        let share = workspace.testShare(of: selected)
        rows.withLock { $0.append(Row(change: change, site: site, build: build, selected: selected, share: share)) }
        var counts: [String: Double] = [
            files: Double(build.files.values.reduce(0, +)), modulesRecompiled: Double(build.files.count),
            testTargets: Double(selected.count), shareOfTests: share,
        ]
        for target in workspace.graph.targets where target.role != .systemLibrary {
            counts[filesIn(target.name)] = Double(build.files[target.name] ?? 0)
        }
        if let module {
            let dependents = workspace.graph.withDependents(of: [module])
            counts[outside(module)] = Double(build.files.filter { $0.key != module }.values.reduce(0, +))
            counts[outsideDependents(module)] = Double(build.files.filter { !dependents.contains($0.key) }.values.reduce(0, +))
        }
        return Benchmark.Measured(rounds: [build.seconds * 1e9], counts: counts)
    }

    /// The table of the cases that ran, as Markdown, or nil when none did.
    static func table() -> String? {
        let rows = rows.withLock { $0 }
        guard !rows.isEmpty else { return nil }
        var lines = [
            "| change | edited | modules recompiled (files) | files | build s | test targets selected | share of tests |",
            "|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            let modules = row.build.files.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
            let selected = row.selected.isEmpty ? "0" : "\(row.selected.count): " + row.selected.joined(separator: ", ")
            lines.append(
                "| \(row.change) | \(row.site) | \(modules.isEmpty ? "none" : modules.joined(separator: ", ")) | "
                    + "\(row.build.files.values.reduce(0, +)) | \(String(format: "%.1f", row.build.seconds)) | \(selected) | "
                    + "\(String(format: "%.0f", row.share)) % |")
        }
        if let tests = ChangeCostWorkspace.current?.tests {
            lines.append(
                "\nShare of tests: the `@Test` functions of the selected test targets (a parameterized test counted once), "
                    + "of \(tests.values.reduce(0, +)) in \(tests.count) test targets.")
        }
        return lines.joined(separator: "\n")
    }
}
