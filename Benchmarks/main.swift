import Foundation

/// `swift run -c release Benchmarks [--filter TEXT] [--json] [--check] [--tree DIR] [--revision REV]`: every benchmark case of
/// the project, side by side in one run; `--check` then judges every goal and exits 1 when one is
/// missed. `--help` lists the options (see `BenchmarkArguments`); see docs/PERFORMANCE.md.
let parsed = BenchmarkArguments.parse(Array(CommandLine.arguments.dropFirst()))
let json = parsed.isGiven(BenchmarkArguments.json)
let check = parsed.isGiven(BenchmarkArguments.check)
let filter = parsed.string(BenchmarkArguments.filter)
let tree = parsed.string(BenchmarkArguments.tree).map { URL(fileURLWithPath: $0) } ?? ChangeCostBenchmarks.defaultTree
let revision = parsed.string(BenchmarkArguments.revision) ?? "HEAD"

let all =
    InjectionBenchmarks.all + MemoryCacheBenchmarks.all + DiskCacheBenchmarks.all + ClientBenchmarks.all + RepositoryBenchmarks.all
    + WorkspaceBenchmarks.all + ManifestBenchmarks.all + ProcessBenchmarks.all + FavoritesBenchmarks.all + PostgresBenchmarks.all
    + RedisBenchmarks.all + ChangeCostBenchmarks.all(tree: tree, revision: revision)
    + FootprintBenchmarks.all(tree: tree, revision: revision)
let goals =
    InjectionBenchmarks.goals + MemoryCacheBenchmarks.goals + DiskCacheBenchmarks.goals + ProcessBenchmarks.goals
    + WorkspaceBenchmarks.goals + ManifestBenchmarks.goals
    + FavoritesBenchmarks.goals + PostgresBenchmarks.goals + RedisBenchmarks.goals + ChangeCostBenchmarks.goals
    + FootprintBenchmarks.goals
let selected = all.filter { filter == nil || "\($0.group) \($0.name)".localizedCaseInsensitiveContains(filter ?? "") }

if selected.contains(where: { [ChangeCostBenchmarks.group, FootprintBenchmarks.group].contains($0.group) }) {
    do {
        try ChangeCostWorkspace.validate(tree: tree, revision: revision)
    } catch {
        FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
        exit(64)
    }
}

var status: Int32 = 0
do {
    let results = try Runner().run(selected)
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(results) + Data("\n".utf8))
    } else {
        print(Runner.table(results))
    }
    for (title, table) in [("What a change costs", ChangeCostBenchmarks.table()), ("Where a change goes", FootprintBenchmarks.table())] {
        guard let table else { continue }
        let text = "\n\(title):\n" + table + "\n"
        if json { FileHandle.standardError.write(Data(text.utf8)) } else { print(text, terminator: "") }
    }
    if check {
        let known = Set(all.map { Goal.Case(group: $0.group, name: $0.name) })
        let report = Check.report(goals, results: results, known: known, filtered: filter != nil)
        let text = ([""] + report.lines).joined(separator: "\n") + "\n"
        if json { FileHandle.standardError.write(Data(text.utf8)) } else { print(text, terminator: "") }
        if report.failed { status = 1 }
    }
} catch {
    FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
    status = 1
}
WorkspaceBenchmarks.removeWorkspaces()
ProcessBenchmarks.Program.cleanUp()
RedisBenchmarks.stopServer()
ChangeCostWorkspace.remove()
exit(status)
