import Foundation
import PayloadCoding
import Redis
import RedisStorage
import RedisTesting
import Storage
import Synchronization

/// Redis cases, on a `redis-server` the program starts on a free
/// loopback port (and stops in `stopServer()`):
/// - `RedisCache` get (hit) and set of a page-sized value (a page of 20 profiles as a checksummed
///   record, about 9 KB), on one connection without pipelining, against a floor that does the same
///   work by hand: the client's GET (or SET) of the same record's bytes plus the same coder's decode
///   (or encode) of the page, measured in the same run. What is left between them is the record's
///   framing and checksum and the cache's bookkeeping;
/// - `redis-benchmark` GET and SET of the same size (`-c 1 -P 1`), as a peer: the end-to-end ratio
///   to it is reported, not a goal, since the rest of the gap is `Codable` itself (docs/PERFORMANCE.md);
/// - for reference, the client's GET and SET of the record's bytes (the transport alone), and
///   coding of the page alone with the cache's `PayloadDecoder`/`PayloadEncoder` (what `Codable`
///   adds) and with Foundation's JSON coders (what it added before);
/// - 1 000 SETs pipelined (one round trip) against 1 000 SETs one by one (floor).
///
/// Without `redis-server` and `redis-benchmark` the cases are left out with a note on stderr.
enum RedisBenchmarks {
    static let goals = [
        Goal(
            "RedisCache.get of a page within 1.2× of a GET of its bytes and their decoding",
            subject: ("redis.get", "RedisCache.get (hit), page-sized"), baseline: ("redis.get", getFloorName), .atMost(1.2)),
        Goal(
            "RedisCache.set of a page within 1.2× of its encoding and a SET of its bytes",
            subject: ("redis.set", "RedisCache.set, page-sized"), baseline: ("redis.set", setFloorName), .atMost(1.2)),
        Goal(
            "1 000 pipelined SETs at least 10× faster than one by one", subject: ("redis.batch", "1 000 SETs pipelined"),
            baseline: ("redis.batch", "1 000 SETs one by one"), .fasterBy(10)),
    ]

    static let getFloorName = "RedisClient.get of the record's bytes + PayloadDecoder of the page"
    static let setFloorName = "PayloadEncoder of the page + RedisClient.set of the record's bytes"
    static let requests = 2_000
    static let batch = 1_000

    static var all: [Benchmark] {
        guard RedisServerProcess.isInstalled, let redisBenchmark = benchmarkTool else {
            FileHandle.standardError.write(Data("Benchmarks: redis cases skipped: \(RedisServerProcess.installHint)\n".utf8))
            return []
        }
        return [
            Benchmark(group: "redis.get", name: getFloorName, role: .floor, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                let name = fixture.cache.redisKey(for: fixture.key)
                let decoder = PayloadDecoder()
                for _ in 0..<count {
                    blackHole(try fixture.client.get(name))
                    blackHole(try decoder.decode([StorageBenchmarks.Profile].self, from: fixture.payload))
                }
            },
            Benchmark(group: "redis.get", name: "redis-benchmark GET (-c 1 -P 1)", role: .peer, operationsPerRound: requests) { count in
                try runTool(redisBenchmark, test: "get", count: count)
            },
            Benchmark(group: "redis.get", name: "RedisCache.get (hit), page-sized", role: .subject, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                for _ in 0..<count { blackHole(try fixture.cache.get([StorageBenchmarks.Profile].self, for: fixture.key)) }
            },
            Benchmark(group: "redis.get", name: "RedisClient.get of the record's bytes", role: .reference, operationsPerRound: requests) {
                count in
                let fixture = try Fixture.shared()
                let name = fixture.cache.redisKey(for: fixture.key)
                for _ in 0..<count { blackHole(try fixture.client.get(name)) }
            },
            Benchmark(group: "redis.get", name: "PayloadDecoder of the page alone", role: .reference, operationsPerRound: requests) {
                count in
                let fixture = try Fixture.shared()
                let decoder = PayloadDecoder()
                for _ in 0..<count { blackHole(try decoder.decode([StorageBenchmarks.Profile].self, from: fixture.payload)) }
            },
            Benchmark(group: "redis.get", name: "JSONDecoder of the page alone", role: .reference, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                let decoder = JSONDecoder()
                for _ in 0..<count { blackHole(try decoder.decode([StorageBenchmarks.Profile].self, from: fixture.json)) }
            },
            Benchmark(group: "redis.set", name: setFloorName, role: .floor, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                let name = fixture.cache.redisKey(for: fixture.key)
                let encoder = PayloadEncoder()
                for _ in 0..<count {
                    blackHole(try encoder.encode(fixture.page))
                    try fixture.client.set(name, fixture.record)
                }
            },
            Benchmark(group: "redis.set", name: "redis-benchmark SET (-c 1 -P 1)", role: .peer, operationsPerRound: requests) { count in
                try runTool(redisBenchmark, test: "set", count: count)
            },
            Benchmark(group: "redis.set", name: "RedisCache.set, page-sized", role: .subject, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                for _ in 0..<count { try fixture.cache.set(fixture.page, for: fixture.key) }
            },
            Benchmark(group: "redis.set", name: "RedisClient.set of the record's bytes", role: .reference, operationsPerRound: requests) {
                count in
                let fixture = try Fixture.shared()
                let name = fixture.cache.redisKey(for: fixture.key)
                for _ in 0..<count { try fixture.client.set(name, fixture.record) }
            },
            Benchmark(group: "redis.set", name: "PayloadEncoder of the page alone", role: .reference, operationsPerRound: requests) {
                count in
                let fixture = try Fixture.shared()
                let encoder = PayloadEncoder()
                for _ in 0..<count { blackHole(try encoder.encode(fixture.page)) }
            },
            Benchmark(group: "redis.set", name: "JSONEncoder of the page alone", role: .reference, operationsPerRound: requests) { count in
                let fixture = try Fixture.shared()
                let encoder = JSONEncoder()
                for _ in 0..<count { blackHole(try encoder.encode(fixture.page)) }
            },
            Benchmark(group: "redis.batch", name: "1 000 SETs one by one", role: .floor, operationsPerRound: batch) { count in
                let fixture = try Fixture.shared()
                for command in fixture.commands.prefix(count) { _ = try fixture.client.send(command) }
            },
            Benchmark(group: "redis.batch", name: "1 000 SETs pipelined", role: .subject, operationsPerRound: batch) { count in
                let fixture = try Fixture.shared()
                blackHole(try fixture.client.pipeline(Array(fixture.commands.prefix(count))))
            },
        ]
    }

    /// Stops the server, if a case started it.
    static func stopServer() {
        Fixture.made.withLock { $0 = nil }
    }

    private static var benchmarkTool: String? {
        guard let server = RedisServerProcess.executablePath else { return nil }
        let candidate = URL(fileURLWithPath: server).deletingLastPathComponent().appendingPathComponent("redis-benchmark").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Runs `redis-benchmark` for `count` requests of `test` on one connection, without pipelining,
    /// with values of the fixture's record size.
    private static func runTool(_ path: String, test: String, count: Int) throws {
        let fixture = try Fixture.shared()
        let arguments = [
            "-h", "127.0.0.1", "-p", String(fixture.server.port), "-c", "1", "-P", "1", "-n", String(count), "-d",
            String(fixture.recordSize), "-t", test, "-q",
        ]
        let status = try ChildProgram.run(path, arguments, output: .discarded).status
        guard status == 0 else { throw RedisServerError(message: "redis-benchmark exited \(status)") }
    }

    /// The server, a cache and a client on one connection each, and the page they store.
    final class Fixture: Sendable {
        static let made = Mutex<Fixture?>(nil)

        let server: RedisServerProcess
        let client: RedisClient
        let cache: RedisCache
        let key = Key("page")
        let page = (0..<20).map(StorageBenchmarks.Profile.sample)
        let record: [UInt8]
        var recordSize: Int { record.count }
        let commands: [RedisCommand]
        let json: Data
        let payload: Data

        static func shared() throws -> Fixture {
            try made.withLock { made in
                if let made { return made }
                let fixture = try Fixture()
                made = fixture
                return fixture
            }
        }

        private init() throws {
            server = try RedisServerProcess.start()
            var configuration = server.configuration
            configuration.poolCapacity = 1
            client = RedisClient(configuration: configuration)
            cache = RedisCache(client: RedisClient(configuration: configuration))
            try cache.set(page, for: key)
            json = try JSONEncoder().encode(page)
            payload = try PayloadEncoder().encode(page)
            record = try client.get(cache.redisKey(for: key)) ?? []
            // redis-benchmark GET reads this key: give it a value of the same size.
            try client.set(Array("key:__rand_int__".utf8), [UInt8](repeating: UInt8(ascii: "x"), count: record.count))
            commands = (0..<batch).map { RedisClient.setCommand(Array("batch:\($0)".utf8), Array("value \($0)".utf8), milliseconds: nil) }
        }
    }
}
