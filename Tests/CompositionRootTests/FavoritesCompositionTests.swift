import CommandLineKit
import Commands
import DataProviders
import Favorites
import FavoritesTesting
import Foundation
import Injection
import Repository
import RepositoryTesting
import SQLiteFavorites
import TestSupport
import Testing

@testable import CompositionRootKit

@Suite(.onOwnThread) struct FavoritesCompositionTests {
    let configuration = AppConfiguration(cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-unused"))
    let console = Console(out: { _ in }, err: { _ in })

    private func components(dataDirectory: URL) throws -> [Component] {
        var configuration = configuration
        configuration.dataDirectory = dataDirectory
        return AppComponents.all(configuration, line: try FeatureAssembly.parse(["favorites", "list"]), console: console)
    }

    @Test func theFavoritesGraphBuildsCompletely() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let graph = try await Container(try components(dataDirectory: data)).verify()
        #expect(graph.text.contains("FavoritesStore (single, async) → AppConfiguration"))
        #expect(graph.text.contains("FavoritesService (single, async) → FavoritesStore, CharacterRepository"))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent(SQLiteFavoritesStore.fileName).path))
    }

    @Test func aTestCanSwapTheStoreAndTheRepositoryForDoubles() async throws {
        let store = InMemoryFavoritesStore()
        let unused = URL(fileURLWithPath: "/nonexistent/excelsior-data")
        let container = try Container(
            components(dataDirectory: unused) + [
                Component {
                    single { store as any FavoritesStore }
                    single { CharacterRepositoryStub([Character(id: 7, name: "Stub Hero")]) as any CharacterRepository }
                }
            ])
        let service: FavoritesService = try await container.resolve()
        try await service.add(characterID: 7, note: "kept in memory")
        #expect(try store.favorite(characterID: 7)?.name == "Stub Hero")
    }

    @Test func theDataDirectoryFollowsXDGThenHome() {
        func directory(_ environment: [String: String]) -> String? {
            AppConfiguration.xdgDirectory("XDG_DATA_HOME", else: ".local/share", environment)?.path
        }
        #expect(directory(["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]) == "/xdg/excelsior")
        #expect(directory(["XDG_DATA_HOME": "relative", "HOME": "/home/me"]) == "/home/me/.local/share/excelsior")
        #expect(directory(["HOME": "/home/me"]) == "/home/me/.local/share/excelsior")
    }
}
