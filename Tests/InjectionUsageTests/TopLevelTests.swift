import Foundation
import Processes
import Testing

/// Top-level code, where a composition root lives: `Tools/injection-top-level` resolves an async
/// single and verifies with the spelling the README teaches, and prints what it built.
@Suite struct TopLevelTests {
    @Test func topLevelCodeResolvesAsyncBuildersWithTheREADMEsSpelling() async throws {
        let program = try Self.program()
        let result = try await ChildProcess.run([program.path], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.termination): \(result.errorText)")
        #expect(result.outputText == "pool postgres://localhost/app; repository postgres://localhost/app\n")
    }

    struct NotBuilt: Error {}

    /// The program next to the test bundle: SwiftPM builds it for these tests.
    static func program() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let directories =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(), testBinary.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("injection-top-level")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotBuilt()
    }
}
