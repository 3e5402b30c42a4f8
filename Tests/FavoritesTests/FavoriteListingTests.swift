import CommandLineKit
import CommandLineKitTesting
import DataProviders
import FavoritesTesting
import Foundation
import RepositoryTesting
import Testing

@testable import Favorites

/// `favorites list` written a row (or a batch of rows) at a time says exactly what the whole
/// list rendered at once said.
@Suite struct FavoriteListingTests {
    /// The store double (which passes the store contract) holding `count` favourites with awkward text.
    static func service(holding count: Int) throws -> (FavoritesService, [Favorite]) {
        let store = InMemoryFavoritesStore()
        let names = ["Spider-Man", "Ünïcödé 🦸‍♀️ \"quoted\" \\ back/slash", "蜘蛛侠", String(repeating: "Long name ", count: 5)]
        var favorites: [Favorite] = []
        for index in 0..<count {
            let note: String = index % 3 == 0 ? "" : "note   \(index)  é"
            let rating: Int? = index % 6 == 0 ? nil : index % 5 + 1
            let added = Date(timeIntervalSince1970: 1_700_000_000 + Double(index / 2))
            favorites.append(Favorite(characterID: index + 1, name: names[index % names.count], note: note, rating: rating, addedAt: added))
        }
        for favorite in favorites { try store.add(favorite) }
        return (FavoritesService(store: store, repository: CharacterRepositoryStub([])), favorites)
    }

    @Test(arguments: [0, 1, 511, 512, 513, 1_100])
    func jsonWrittenInBatchesIsTheWholeListsText(count: Int) throws {
        let (service, favorites) = try Self.service(holding: count)
        var chunks: [String] = []
        try FavoriteJSON.writeList(of: service) { chunks.append($0) }
        #expect(chunks.joined(separator: "\n") == (try JSONText.text(FavoriteJSON.List(favorites))))
        #expect(chunks.allSatisfy { $0.utf8.count < 200_000 }, "a chunk held far more than its 64 KiB")
    }

    @Test(arguments: [0, 1, 700])
    func theTableWrittenRowByRowIsTheWholeListsTable(count: Int) async throws {
        let (service, favorites) = try Self.service(holding: count)
        let recorder = ConsoleRecorder()
        try await FavoritesCommand(.list, service: service, format: .table, console: recorder.console).run()
        let summary = count == 1 ? "1 favourite." : "\(count) favourites."
        #expect(recorder.out.dropLast().joined(separator: "\n") == FavoriteTable().render(favorites))
        #expect(recorder.out.last == summary)
    }
}
