import DataProviders
import Foundation
import Testing

@Suite struct FixtureSetTests {
    static let wrapper = #"{"code":200,"data":{"offset":0,"limit":20,"total":2,"count":2,"results":[{"id":2,"name":"beta"},{"id":1,"name":"Alpha"}]}}"#

    @Test func unionIsDeduplicatedByIdAndOrderedByName() throws {
        let directory = try FixtureDirectory(files: [
            "a.json": Self.wrapper,
            "b.json": #"{"data":{"results":[{"id":1,"name":"Alpha (again)"},{"id":3,"name":"Gamma"}]}}"#,
            "notes.txt": "not a fixture",
        ])
        defer { directory.remove() }
        let set = try FixtureSet(directory: directory.url)
        #expect(set.records.map(\.name) == ["Alpha", "beta", "Gamma"])
    }

    @Test func missingDirectoryIsNotFound() {
        let path = "/nonexistent/excelsior-\(UUID().uuidString)"
        #expect(throws: FixtureError.directoryNotFound(path: path)) {
            try FixtureSet(directory: URL(fileURLWithPath: path))
        }
    }

    @Test func directoryWithoutWrapperFilesSaysSo() throws {
        let directory = try FixtureDirectory(files: ["readme.md": "# nothing"])
        defer { directory.remove() }
        #expect(throws: FixtureError.noWrapperFiles(path: directory.url.path)) {
            try FixtureSet(directory: directory.url)
        }
    }

    @Test(arguments: [
        ("{not json", "it is not a JSON object"),
        (#"{"data":{}}"#, "it has no data.results array"),
        (#"{"data":{"results":[{"name":"No Id"}]}}"#, "data.results[0] has no integer id and string name"),
    ])
    func malformedFileIsNamedWithTheReason(contents: String, reason: String) throws {
        let directory = try FixtureDirectory(files: ["bad.json": contents])
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bad.json").path
        #expect(throws: FixtureError.malformed(path: file, reason: reason)) {
            try FixtureSet(directory: directory.url)
        }
    }
}
