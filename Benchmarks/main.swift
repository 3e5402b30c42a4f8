import Foundation

/// `swift run -c release Benchmarks [--filter TEXT] [--json]`: every benchmark case of the
/// project, side by side in one run. See docs/PERFORMANCE.md.
let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let filter = arguments.firstIndex(of: "--filter").flatMap {
    arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}

let all =
    InjectionBenchmarks.all + StorageBenchmarks.all + ClientBenchmarks.all + RepositoryBenchmarks.all
    + WorkspaceBenchmarks.all + ProcessBenchmarks.all + FavoritesBenchmarks.all + RedisBenchmarks.all
let selected = all.filter { filter == nil || "\($0.group) \($0.name)".localizedCaseInsensitiveContains(filter ?? "") }

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
} catch {
    FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
    status = 1
}
WorkspaceBenchmarks.removeWorkspaces()
ProcessBenchmarks.Program.cleanUp()
RedisBenchmarks.stopServer()
exit(status)
