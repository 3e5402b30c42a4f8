import Client
import DataProviders
import Emulator
import EmulatorTesting
import Foundation
import Testing

/// The real API's responses in `shared/fixtures/marvel/`, served by the emulator and read by
/// `MarvelAPIClient`, under each ordering and each filter: the answer is what the captured
/// data says it must be, worked out here from the files' own JSON.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/marvel"))
struct RealResponseQueryTests {
    private struct Result: Decodable, Sendable {
        let id: Int
        let name: String
    }

    /// A character of the captured files, as the test reads it on its own.
    private struct Captured {
        let name: String
        let modified: Date?
        let works: [String: Set<Int>]
    }

    private static func captured() throws -> [Captured] {
        var seen = Set<Int>()
        var all: [Captured] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.directory.path).filter { $0.hasSuffix(".json") }
            .sorted()
        for file in files {
            let data = try Data(contentsOf: SharedFixtures.directory.appendingPathComponent(file))
            let wrapper = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let results = try #require((wrapper["data"] as? [String: Any])?["results"] as? [[String: Any]])
            for result in results where seen.insert(try #require(result["id"] as? Int)).inserted {
                var works: [String: Set<Int>] = [:]
                for kind in CharacterFilter.workKinds {
                    let items = (result[kind] as? [String: Any])?["items"] as? [[String: Any]] ?? []
                    works[kind] = Set(items.compactMap { ($0["resourceURI"] as? String)?.split(separator: "/").last.flatMap { Int($0) } })
                }
                all.append(
                    Captured(
                        name: try #require(result["name"] as? String), modified: (result["modified"] as? String).flatMap(MarvelDate.parse),
                        works: works))
            }
        }
        return all.sorted { $0.name.compare($1.name, options: [.caseInsensitive, .literal]) == .orderedAscending }
    }

    private func names(_ filters: [QueryParameter]) async throws -> (names: [String], total: Int) {
        let client = MarvelAPIClient(http: try MarvelAPIEmulator(directory: SharedFixtures.directory))
        let wrapper = try await client.get(.characters(offset: 0, limit: 100, filters: filters), as: Result.self)
        return (wrapper.data.results.map(\.name), wrapper.data.total)
    }

    @Test func eachOrderingSortsTheCapturedCharacters() async throws {
        let all = try Self.captured()
        let byName = all.map(\.name)
        let byModified = all.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.modified ?? .distantPast, rhs.element.modified ?? .distantPast)
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element.name)
        let byModifiedDescending = all.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.modified ?? .distantPast, rhs.element.modified ?? .distantPast)
            return left == right ? lhs.offset < rhs.offset : left > right
        }.map(\.element.name)
        #expect(try await names([QueryParameter("orderBy", "name")]).names == byName)
        #expect(try await names([QueryParameter("orderBy", "-name")]).names == byName.reversed())
        #expect(try await names([QueryParameter("orderBy", "modified")]).names == byModified)
        #expect(try await names([QueryParameter("orderBy", "-modified")]).names == byModifiedDescending)
    }

    @Test func eachFilterSelectsWhatTheCapturedDataSays() async throws {
        let all = try Self.captured()
        let first = try #require(all.first)
        #expect(try await names([QueryParameter("name", first.name.uppercased())]).names == [first.name])
        #expect(
            try await names([QueryParameter("nameStartsWith", String(first.name.prefix(1)))]).names
                == all.filter { $0.name.lowercased().hasPrefix(first.name.prefix(1).lowercased()) }.map(\.name))
        let since = try #require(MarvelDate.parse("2013-01-01T00:00:00Z"))
        let recent = all.filter { ($0.modified ?? .distantPast) >= since }.map(\.name)
        let answer = try await names([QueryParameter("modifiedSince", "2013-01-01")])
        #expect(answer.names == recent)
        #expect(answer.total == recent.count)
        for kind in CharacterFilter.workKinds {
            guard let id = all.lazy.compactMap({ $0.works[kind]?.min() }).first else { continue }
            let holders = all.filter { $0.works[kind]?.contains(id) == true }.map(\.name)
            #expect(try await names([QueryParameter(kind, String(id))]).names == holders, "\(kind) \(id)")
        }
    }

    @Test func aRefusedParameterComesBackAsMarvelsErrorNamingIt() async throws {
        await #expect {
            _ = try await names([QueryParameter("comics", Array(repeating: "1", count: 11).joined(separator: ","))])
        } throws: { error in
            guard case ClientError.api(409, "409", let message, _) = error else { return false }
            return message.contains("comics")
        }
    }
}
