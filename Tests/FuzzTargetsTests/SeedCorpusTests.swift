import Foundation
import FuzzTargets
import Testing

/// The seeds are made by `FuzzSeeds` from the project's real examples, which every target must
/// take. After a change to a format or a fixture,
/// `EXCELSIOR_WRITE_FUZZ_SEEDS=1 swift test --filter SeedCorpusTests` writes them to
/// Tests/FuzzCorpus anew (and removes `seed-` files it no longer makes). A seed is where the
/// fuzzer starts, so one a little out of date costs speed, never a missed check.
struct SeedCorpusTests {
    @Test func everySeedPassesItsTarget() async throws {
        let write = ProcessInfo.processInfo.environment["EXCELSIOR_WRITE_FUZZ_SEEDS"] == "1"
        for (name, seeds) in try await FuzzSeeds.all() {
            let target = try #require(FuzzTarget.named(name))
            for seed in seeds {
                do {
                    try target.run(seed.bytes)
                } catch {
                    Issue.record("\(name)/\(seed.name): \(error)")
                }
            }
            if write { try Self.write(seeds, of: name) }
        }
    }

    private static func write(_ seeds: [(name: String, bytes: [UInt8])], of target: String) throws {
        let folder = FuzzCorpus.folder(of: target)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try FuzzCorpus.files(of: target) where file.lastPathComponent.hasPrefix("seed-") {
            try FileManager.default.removeItem(at: file)
        }
        for seed in seeds { try Data(seed.bytes).write(to: folder.appendingPathComponent(seed.name)) }
    }
}
