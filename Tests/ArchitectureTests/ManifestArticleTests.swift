import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The manifests of WorkspaceDescription's getting-started article, each Swift block written to
/// the file its first line names, make a workspace the tool generates and finds in order: the
/// article's code compiles and runs.
@Suite(.onOwnThread) struct ManifestArticleTests {
    private static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Manifests/WorkspaceDescription/WorkspaceDescription.docc/GettingStarted.md")

    @Test func theArticlesManifestsGenerateAWorkspaceThatFollowsItsRules() throws {
        let folder = try ScratchDirectory(prefix: "excelsior-manifest-article")
        let blocks = try ArticleCode(contentsOf: Self.article).blocks
        #expect(blocks.count == 4)
        for block in blocks {
            let path = try #require(block.first?.split(separator: "// ", maxSplits: 1).last, "a block without its file: \(block)")
            try write(block.joined(separator: "\n") + "\n", to: String(path), in: folder.url)
        }
        try write("public enum Readings {}\n", to: "Modules/Readings/Sources/Readings.swift", in: folder.url)
        try write("import Readings\n", to: "Modules/Readings/Testing/ReadingsFixtures.swift", in: folder.url)
        try write("import Readings\n", to: "Modules/Forecasts/Sources/Forecasts.swift", in: folder.url)
        try write("import Forecasts\n", to: "Modules/Forecasts/Testing/ForecastsFixtures.swift", in: folder.url)
        try write("import Readings\nimport Testing\n", to: "Tests/ReadingsTests/ReadingsTests.swift", in: folder.url)
        try write(
            "import Forecasts\nimport ReadingsTesting\nimport Testing\n", to: "Tests/ForecastsTests/ForecastsTests.swift", in: folder.url)
        try write("import Forecasts\nimport Readings\n", to: "Tests/WeatherIntegrationTests/WeatherTests.swift", in: folder.url)

        var said: [String] = []
        #expect(WorkspaceCommand.run(["generate"], root: folder.url, out: { said.append($0) }, err: { said.append($0) }) == 0, "\(said)")
        #expect(WorkspaceCommand.run(["check"], root: folder.url, out: { said.append($0) }, err: { said.append($0) }) == 0, "\(said)")
        let package = try String(contentsOf: folder.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in [#"name: "Forecasts","#, #"name: "ReadingsTesting","#, #"name: "WeatherIntegrationTests","#] {
            #expect(package.contains(target), "\(target)")
        }
    }

    private func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
