import Foundation
import FuzzTargets
import Testing

/// Every committed corpus file replayed through its target, so the corpora are regression tests
/// of the ordinary `swift test`, without libFuzzer.
struct CorpusReplayTests {
    @Test(arguments: FuzzTarget.all.map(\.name))
    func everyCorpusFilePassesItsTarget(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let files = try FuzzCorpus.files(of: name)
        #expect(!files.isEmpty, "Tests/FuzzCorpus/\(name) has no inputs")
        for file in files {
            do {
                try target.run(Array(try Data(contentsOf: file)))
            } catch {
                Issue.record("\(name)/\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test func everyCorpusFolderIsATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpus.root.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzTarget.all.map(\.name)))
    }
}
