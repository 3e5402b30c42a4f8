import Client
import DataProviders
import Emulator
import Foundation
import HTTPTypes

/// Client cases: MD5 of 1 KiB against one plain pass over the same bytes, and the emulator
/// answering a page of 20 from the bundled fixtures against copying a canned answer.
enum ClientBenchmarks {
    static var all: [Benchmark] {
        let text = String(repeating: "Excelsior! ", count: 94).prefix(1_024)
        let kibibyte = String(text)
        return [
            Benchmark(group: "client.md5", name: "byte sum over 1 KiB", role: .floor, operationsPerRound: 10_000) { count in
                for _ in 0..<count { blackHole(kibibyte.utf8.reduce(UInt8(0)) { $0 &+ $1 }) }
            },
            Benchmark(group: "client.md5", name: "MD5.hex (1 KiB)", role: .subject, operationsPerRound: 10_000) { count in
                for _ in 0..<count { blackHole(MD5.hex(kibibyte)) }
            },
            Benchmark(group: "client.emulator", name: "copy of a canned page", role: .floor, operationsPerRound: 500) { count in
                let emulator = try MarvelAPIEmulator(directory: FixtureSet.bundledDirectory())
                let canned = emulator.respond(to: pageRequest)
                for _ in 0..<count {
                    blackHole(HTTPResponse(statusCode: canned.statusCode, headers: canned.headers, body: Data(canned.body)))
                }
            },
            Benchmark(group: "client.emulator", name: "MarvelAPIEmulator page of 20", role: .subject, operationsPerRound: 500) { count in
                let emulator = try MarvelAPIEmulator(directory: FixtureSet.bundledDirectory())
                for _ in 0..<count { blackHole(emulator.respond(to: pageRequest)) }
            },
        ]
    }

    static let pageRequest = HTTPRequest(url: URL(string: "http://127.0.0.1/v1/public/characters?offset=20&limit=20")!)
}
