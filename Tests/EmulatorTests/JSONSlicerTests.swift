import Foundation
import Testing

@testable import Emulator

@Suite struct JSONSlicerTests {
    private func slices(_ json: String, _ path: [String] = ["data", "results"]) -> [String]? {
        let bytes = Array(json.utf8)
        return JSONSlicer.elements(ofArrayAt: path, in: bytes)?.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func findsEachElementExactlyAsWritten() {
        let json = #"{"code":200,"data":{"offset":0,"results":[ {"id":1,"name":"A"} ,{"id": 2, "tags":["x","]"]}, 3,"s",null]}}"#
        #expect(slices(json) == [#"{"id":1,"name":"A"}"#, #"{"id": 2, "tags":["x","]"]}"#, "3", #""s""#, "null"])
    }

    @Test func skipsKeysAndValuesThatLookLikeThePath() {
        let json = #"{"note":"\"data\": [1]","other":{"results":[9]},"data":{"meta":{"results":[8]},"results":[{"q":"a\\\"b{"}]}}"#
        #expect(slices(json) == [#"{"q":"a\\\"b{"}"#])
    }

    @Test func toleratesWhitespaceEverywhereJSONAllows() {
        let json = "{\n  \"code\" : 200 ,\n  \"data\" :\t{ \"results\" : [\n    { \"id\": 1 } ,\n    2\n  ] }\n}\n"
        #expect(slices(json) == ["{ \"id\": 1 }", "2"])
    }

    @Test func emptyArrayAndMissingPath() {
        #expect(slices(#"{"data":{"results":[]}}"#) == [])
        #expect(slices(#"{"data":{"offset":1}}"#) == nil)
        #expect(slices(#"{"data":{"results":{}}}"#) == nil)
        #expect(slices(#"[1,2]"#, []) == ["1", "2"])
    }

    /// The duplicate-key finder reads only documents JSONSerialization accepted, but on `[}` it
    /// looped for ever (found by fuzzing, the `fixtures` target); every byte now moves it on.
    @Test func theDuplicateKeyFinderEndsOnAnyBytes() {
        #expect(DuplicateKeyFinder.first(in: Array("[}".utf8)) == nil)
        #expect(
            DuplicateKeyFinder.first(in: Array(#"{"a":[}],"a":1}"#.utf8)) == DuplicateKeyFinder.Duplicate(path: "the top level", key: "a"))
    }

    @Test func everyBundledFixtureSlicesLikeJSONSerializationReadsIt() throws {
        let directory = try FixtureSet.bundledDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let bytes = [UInt8](data)
            let wrapper = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let results = try #require((wrapper["data"] as? [String: Any])?["results"] as? [[String: Any]])
            let ranges = try #require(JSONSlicer.elements(ofArrayAt: ["data", "results"], in: bytes))
            #expect(ranges.count == results.count)
            for (range, object) in zip(ranges, results) {
                let sliced = try #require(try JSONSerialization.jsonObject(with: Data(bytes[range])) as? [String: Any])
                #expect(sliced["id"] as? Int == object["id"] as? Int)
            }
        }
    }
}
