import Client
import DataProviders
import DataProvidersTesting
import Emulator
import EmulatorTesting
import Foundation
import FuzzTargets
import HTTP
import HTTPTypes
import MarvelDataProviders
import PayloadCoding
import Redis
import TestSupport

/// The seed inputs of every fuzz target, made from the project's real examples: the bundled
/// fixtures and what the emulator answers from them, payloads of the cached models, the replies
/// a Redis server sends, the requests the Marvel client sends.
enum FuzzSeeds {
    /// Seeds by target name, each a file name (`seed-…`) and its bytes.
    static func all() async throws -> [String: [(name: String, bytes: [UInt8])]] {
        let fixtures = try BundledFixtures.set()
        let emulator = MarvelAPIEmulator(fixtures: fixtures)
        guard let smallest = fixtures.records.min(by: { $0.json.count < $1.json.count }) else { throw FixtureError.bundleMissing }
        let provider = MarvelCharacterProvider(api: MarvelAPIClient(http: emulator))
        let character = try await provider.character(by: smallest.id)
        return [
            "payload": try payloadSeeds(character),
            "payload-values": valueSeeds(),
            "resp": try respSeeds(character),
            "http-response": httpResponseSeeds(emulator, id: smallest.id),
            "http-request": httpRequestSeeds(emulator),
            "fixtures": fixtureSeeds(emulator, id: smallest.id),
            "marvel-date": dateSeeds(fixtures),
        ]
    }

    private static func payloadSeeds(_ character: Character) throws -> [(name: String, bytes: [UInt8])] {
        let encoder = PayloadEncoder()
        let sample = Character.sample(id: 7)
        return [
            ("seed-character-\(character.id)", [UInt8](try encoder.encode(character))),
            ("seed-character-sample", [UInt8](try encoder.encode(sample))),
            ("seed-page", [UInt8](try encoder.encode(CharacterPage.sample([sample, Character(id: 8, name: "Eight")])))),
            ("seed-dictionary", [UInt8](try encoder.encode(["comics": [3, -2, Int.max]]))),
            ("seed-numbers", [UInt8](try encoder.encode(NumberSample()))),
        ]
    }

    private static func valueSeeds() -> [(name: String, bytes: [UInt8])] {
        var random = SeededRandom(seed: 2_026)
        return [
            ("seed-counting", (0..<96).map { UInt8($0) }),
            ("seed-random", (0..<160).map { _ in UInt8.random(in: 0...255, using: &random) }),
            ("seed-high", [UInt8](repeating: 0xFF, count: 48)),
        ]
    }

    private static func respSeeds(_ character: Character) throws -> [(name: String, bytes: [UInt8])] {
        let payload = [UInt8](try PayloadEncoder().encode(character))
        let scan = RedisReply.array([.bulkString(Array("0".utf8)), .array([.bulkString(Array("excelsior:page:0:20".utf8))])])
        let replies: [(String, [RedisReply])] = [
            ("seed-ok", [.simpleString("OK")]),
            ("seed-error", [.error("NOPERM User excelsior has no permissions to run the 'get' command")]),
            ("seed-get-entry", [.bulkString(payload)]),
            ("seed-get-miss", [.bulkString(nil)]),
            ("seed-scan", [scan]),
            ("seed-pipeline", [.integer(1), .simpleString("PONG"), .array(nil), .integer(-42), .bulkString([])]),
        ]
        return replies.map { name, replies in (name, replies.flatMap(\.respBytes)) }
    }

    private static func httpResponseSeeds(_ emulator: MarvelAPIEmulator, id: Int) -> [(name: String, bytes: [UInt8])] {
        let base = "http://127.0.0.1:8080/v1/public/characters"
        func answer(_ url: String, _ headers: [String: String] = [:]) -> HTTPResponse {
            emulator.respond(to: HTTPRequest(url: URL(string: url)!, headers: headers))
        }
        let character = answer("\(base)/\(id)")
        let notModified = answer("\(base)/\(id)", ["If-None-Match": character.header("ETag") ?? ""])
        let chunked =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\n\r\n"
        // Each seed starts with the target's three choices: how the stream is cut into reads, the bounds, GET or HEAD.
        return [
            ("seed-character", [0, 0xFF, 0] + HTTPWire.bytes(of: character, forMethod: "GET")),
            ("seed-character-pieces", [7, 0xFF, 0] + HTTPWire.bytes(of: character, forMethod: "GET")),
            ("seed-not-found", [1, 0x3F, 0] + HTTPWire.bytes(of: answer("\(base)/1"), forMethod: "GET")),
            ("seed-invalid", [3, 0xFF, 0] + HTTPWire.bytes(of: answer("\(base)?limit=500"), forMethod: "GET")),
            ("seed-not-modified", [0, 0xFF, 1] + HTTPWire.bytes(of: notModified, forMethod: "HEAD")),
            ("seed-chunked", [2, 0xFF, 0] + Array(chunked.utf8)),
            ("seed-until-end", [0, 0x2F, 0] + Array("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nto the end".utf8)),
        ]
    }

    private static func httpRequestSeeds(_ emulator: MarvelAPIEmulator) -> [(name: String, bytes: [UInt8])] {
        let client = MarvelAPIClient(
            http: emulator, baseURL: URL(string: "http://127.0.0.1:8080")!,
            authorization: MarvelAuthorization(publicKey: "public", privateKey: "private"), timestamp: { "1700000000" })
        let list = client.request(for: .characters(offset: 20, limit: 10, filters: [QueryParameter("nameStartsWith", "spi")]))
        let show = client.request(for: .character(id: 1_011_334))
        let post = HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:8080/v1/public/characters")!, body: Data("{}".utf8))
        let expecting = "PUT /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello"
        // Each seed starts with the target's two choices: how the stream is cut into reads, the bounds.
        return [
            ("seed-list", [0, 0xFF] + list.plainHTTPBytes(host: "127.0.0.1")),
            ("seed-show-pieces", [5, 0xFF] + show.plainHTTPBytes(host: "127.0.0.1")),
            ("seed-post", [1, 0x1F] + post.plainHTTPBytes(host: "127.0.0.1")),
            ("seed-expect-continue", [3, 0x2F] + Array(expecting.utf8)),
        ]
    }

    private static func fixtureSeeds(_ emulator: MarvelAPIEmulator, id: Int) -> [(name: String, bytes: [UInt8])] {
        let base = "http://127.0.0.1:8080/v1/public/characters"
        func body(_ url: String) -> [UInt8] {
            [UInt8](emulator.respond(to: HTTPRequest(url: URL(string: url)!)).body)
        }
        return [
            ("seed-one-character", body("\(base)/\(id)")),
            ("seed-empty-page", body("\(base)?nameStartsWith=zzz")),
            ("seed-not-found", body("\(base)/1")),
        ]
    }

    private static func dateSeeds(_ fixtures: FixtureSet) -> [(name: String, bytes: [UInt8])] {
        let dates = fixtures.records.compactMap { $0.modified.flatMap(MarvelDate.iso8601) }
        return [
            ("seed-fixture", Array("2014-04-29T14:18:17-0400".utf8)),
            ("seed-epoch", Array("1969-12-31T19:00:00-0500".utf8)),
            ("seed-year-less", Array("-0001-11-30T00:00:00-0500".utf8)),
            ("seed-utc", Array((dates.first ?? "2013-09-18T15:54:04Z").utf8)),
            ("seed-colon-zone", Array("2016-02-29T23:59:60+05:30".utf8)),
        ]
    }
}

/// Numbers at the edges of what the format stores, for a payload seed.
private struct NumberSample: Encodable {
    let small: [Int8] = [-128, 0, 127]
    let large: [UInt64] = [0, UInt64.max]
    let signed: [Int64] = [Int64.min, -1, Int64.max]
    let floats: [Float] = [0.5, -Float.infinity]
    let doubles: [Double] = [Double.pi, -0.0, Double.nan]
    let flag: Bool? = nil
}
