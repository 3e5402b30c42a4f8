import Emulator
import EmulatorTesting
import Foundation
import TestSupport
import Testing

@Suite struct FixtureSetTests {
    static let wrapper =
        #"{"code":200,"data":{"offset":0,"limit":20,"total":2,"count":2,"results":[{"id":2,"name":"beta"},{"id":1,"name":"Alpha"}]}}"#

    @Test func unionIsDeduplicatedByIdAndOrderedByName() throws {
        let directory = try ScratchDirectory(
            prefix: "excelsior-fixtures",
            files: [
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
        let directory = try ScratchDirectory(prefix: "excelsior-fixtures", files: ["readme.md": "# nothing"])
        defer { directory.remove() }
        #expect(throws: FixtureError.noWrapperFiles(path: directory.url.path)) {
            try FixtureSet(directory: directory.url)
        }
    }

    @Test(arguments: [
        ("{not json", "it is not a JSON object"),
        (#"{"data":{}}"#, "it has no data.results array"),
        (#"{"data":{"results":[{"name":"No Id"}]}}"#, "data.results[0] has no integer id and string name"),
        (#"{"data":{"results":[{"id":111,"name":"A"},{"id":222,"id":111,"name":"B"}]}}"#, "data.results[1] has the key 'id' twice"),
        (#"{"data":{"results":[{"id":1,"name":"A","\u006eame":"B"}]}}"#, "data.results[0] has the key 'name' twice"),
        (#"{"code":200,"code":409,"data":{"results":[]}}"#, "the top level has the key 'code' twice"),
        (
            #"{"data":{"results":[{"id":1,"name":"A","urls":[{"type":"a","type":"b"}]}]}}"#,
            "data.results[0].urls[0] has the key 'type' twice"
        ),
    ])
    func malformedFileIsNamedWithTheReason(contents: String, reason: String) throws {
        let directory = try ScratchDirectory(prefix: "excelsior-fixtures", files: ["bad.json": contents])
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bad.json").path
        #expect(throws: FixtureError.malformed(path: file, reason: reason)) {
            try FixtureSet(directory: directory.url)
        }
    }

    @Test func documentsInMemoryLoadLikeFiles() throws {
        let set = try FixtureSet(documents: [
            (name: "first", json: Data(Self.wrapper.utf8)),
            (name: "second", json: Data(#"{"data":{"results":[{"id":3,"name":"Gamma","modified":"1969-12-31T19:00:00-0500"}]}}"#.utf8)),
        ])
        #expect(set.records.map(\.name) == ["Alpha", "beta", "Gamma"])
        #expect(set.records.map(\.modified) == [nil, nil, Date(timeIntervalSince1970: 0)])
    }

    @Test func aMalformedDocumentIsNamed() {
        #expect(throws: FixtureError.malformed(path: "in-memory.json", reason: "it is not a JSON object")) {
            try FixtureSet(documents: [(name: "in-memory.json", json: Data("[1, 2]".utf8))])
        }
    }

    @Test func unreadableModifiedDatesAreKeptButNotParsed() throws {
        let set = try FixtureSet(documents: [
            (name: "x", json: Data(#"{"data":{"results":[{"id":1,"name":"A","modified":"someday"}]}}"#.utf8))
        ])
        #expect(set.records.first?.modified == nil)
        #expect(String(decoding: try #require(set.records.first?.json), as: UTF8.self).contains("someday"))
    }

    @Test func errorMessagesNameTheFile() {
        #expect(
            FixtureError.malformed(path: "/f/bad.json", reason: "it is not a JSON object").description
                == "Fixture /f/bad.json is not a Marvel character wrapper: it is not a JSON object")
        #expect(FixtureError.directoryNotFound(path: "/nope").description == "Fixture directory /nope does not exist.")
        #expect(
            FixtureError.noWrapperFiles(path: "/empty").description == "Fixture directory /empty holds no Marvel wrapper files (*.json).")
    }

    @Test func distinctKeysInNestedObjectsAndStringsThatLookLikeKeysPass() throws {
        let json = #"{"data":{"results":[{"id":1,"name":"say \"id\":2, \"id\":3","urls":[{"type":"a"},{"type":"b"}]}]}}"#
        let set = try FixtureSet(documents: [(name: "ok", json: Data(json.utf8))])
        #expect(set.records.map(\.id) == [1])
    }

    @Test func aFIFOAmongTheFixturesIsRejectedWithoutBlocking() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-fixtures", files: ["a.json": Self.wrapper])
        defer { directory.remove() }
        let fifo = directory.url.appendingPathComponent("b.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FixtureError.malformed(path: fifo, reason: "it is not a regular file")) {
            try FixtureSet(directory: directory.url)
        }
    }
}
