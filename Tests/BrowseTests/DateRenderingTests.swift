import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Foundation
import Repository
import Storage
import TestSupport
import Testing

@testable import Browse

/// Dates reach the terminal from caches, rows and servers: every bit pattern of a `Double`, as a
/// character's modified date or a stale copy's stored-at time, renders (as the date, or "—",
/// `null` and "an unknown time" where it is no time of years -9999 to 9999) and never traps.
@Suite struct DateRenderingTests {
    static let samples = DoubleSamples.all(randomCount: 20_000)

    static func inRange(_ date: Date) -> Bool {
        (-377_705_116_800..<253_402_300_800).contains(date.timeIntervalSince1970)
    }

    @Test func theDetailViewShowsEveryModifiedDateOrADash() {
        let view = CharacterDetail()
        for seconds in Self.samples {
            let date = Date(timeIntervalSince1970: seconds)
            let lines = view.render(Character(id: 1, name: "Dated", modified: date)).split(separator: "\n")
            let modified = lines.first { $0.hasPrefix("Modified") }.map(String.init)
            if Self.inRange(date) {
                #expect(modified == "Modified    " + (MarvelDate.iso8601(date) ?? "?"), "\(seconds)")
                #expect(modified?.hasSuffix("Z") == true, "\(seconds): \(modified ?? "")")
            } else {
                #expect(modified == "Modified    —", "\(seconds)")
            }
        }
    }

    @Test func theJSONHasEveryModifiedDateOrNull() throws {
        for seconds in Self.samples.prefix(2_000) {
            let date = Date(timeIntervalSince1970: seconds)
            let text = try JSONText.text(CharacterJSON.Item(Character(id: 1, name: "Dated", modified: date)))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            if Self.inRange(date) {
                #expect(object["modified"] as? String == MarvelDate.iso8601(date), "\(seconds)")
            } else {
                #expect(object["modified"] is NSNull, "\(seconds): \(text)")
            }
        }
    }

    @Test func theStaleCopyWarningNamesEveryStoredAtTimeOrSaysItIsUnknown() async throws {
        for seconds in Self.samples.prefix(3_000) {
            let date = Date(timeIntervalSince1970: seconds)
            let recorder = ConsoleRecorder()
            let command = ShowCommand(
                id: 1, repository: StaleRepository(storedAt: date),
                cache: CacheObserver(kind: "memory", cache: MemoryCache(), failure: { nil }),
                format: .table, detailedStatistics: false, console: recorder.console)
            try await command.run()
            let when = Self.inRange(date) ? MarvelDate.iso8601(date) ?? "?" : "an unknown time"
            #expect(
                recorder.err == ["CompositionRoot: warning: the provider is unavailable; showing the cached copy from \(when)."],
                "\(seconds): \(recorder.err)")
        }
    }
}

/// A repository whose every answer is a stale copy stored at `storedAt`.
private struct StaleRepository: CharacterRepository {
    let storedAt: Date

    func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> Fetched<CharacterPage> {
        Fetched(
            value: CharacterPage(offset: 0, limit: limit, total: 0, count: 0, results: []), origin: .cache, isStale: true,
            storedAt: storedAt)
    }

    func character(by id: Int) async throws -> Fetched<Character> {
        Fetched(value: Character(id: id, name: "Stale"), origin: .cache, isStale: true, storedAt: storedAt)
    }

    var statistics: RepositoryStatistics { RepositoryStatistics() }
}
