import FaultTestSupport
import Foundation
import TestSupport
import Testing

/// A password in any URL the program is given (`--base-url`, `--redis-url`, `--database-url`)
/// is never printed: the real `CompositionRoot` runs each command with each option, the URL
/// holding a password (unreachable, malformed or out of range), and no line of stdout or stderr
/// holds it (docs/FAULTS.md).
@Suite(.onOwnThread) struct SecretURLTests {
    static let secret = "BASEPW999"

    /// A command line and the password it carries in a URL.
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let commands: [[String]] = [
        ["show", "1009610"], ["list", "--limit", "2"], ["favorites", "add", "1009610"], ["favorites", "list"],
    ]

    static let baseURLs = [
        "http://user:\(secret)@127.0.0.1:1/", "https://user:\(secret)@127.0.0.1:1/", "http://:\(secret)@127.0.0.1:1/",
        "http://user:\(secret)@127.0.0.1:99999/", "ftp://user:\(secret)@127.0.0.1:1/", "http://user:\(secret)@/",
    ]

    static let redisURLs = [
        "redis://user:\(secret)@127.0.0.1:1", "redis://:\(secret)@127.0.0.1:1/3", "redis://:\(secret)%zz@127.0.0.1:1",
        "redis://user:\(secret)@127.0.0.1:99999", "redis://user:\(secret)@127.0.0.1:1/x",
    ]

    static let databaseURLs = [
        "postgres://user:\(secret)@127.0.0.1:1/db", "postgres://user:\(secret)@127.0.0.1:99999/db",
        "postgresql://:\(secret)@127.0.0.1:1/db?connect_timeout=2", "postgres://user:\(secret)%zz@127.0.0.1:1/db",
    ]

    static let cases: [Case] =
        commands.flatMap { command in
            let favorites = command.first == "favorites"
            return baseURLs.map { url in
                Case(
                    arguments: command + (favorites ? [] : ["--provider", "marvel"]) + ["--base-url", url]
                        + (favorites ? ["--provider", "marvel"] : []))
            }
                + redisURLs.map { Case(arguments: command + ["--cache", "redis", "--redis-url", $0]) }
                + (favorites ? databaseURLs.map { Case(arguments: command + ["--store", "postgres", "--database-url", $0]) } : [])
        }
        + redisURLs.flatMap { url in
            [["cache", "stats"], ["cache", "clear"]].map { Case(arguments: $0 + ["--cache", "redis", "--redis-url", url]) }
        }

    @Test(arguments: cases)
    func noLinePrintedHoldsThePassword(_ given: Case) async throws {
        let scratch = try ScratchDirectory(prefix: "excelsior-secret-url")
        defer { scratch.remove() }
        let run = try await LimitedRun.run(
            given.arguments + (given.arguments.first == "favorites" ? ["--data-dir", scratch.path("data")] : []),
            environment: ["MARVEL_PUBLIC_KEY": "p", "MARVEL_PRIVATE_KEY": "q", "XDG_CACHE_HOME": scratch.path("cache")],
            timeout: .seconds(30))
        for line in run.stdout.split(separator: "\n") + run.stderr.split(separator: "\n") {
            #expect(!line.contains(Self.secret), "\(given.testDescription) printed: \(line)")
        }
        #expect(run.status != nil, "\(given.testDescription): \(run.ending)")
    }
}
