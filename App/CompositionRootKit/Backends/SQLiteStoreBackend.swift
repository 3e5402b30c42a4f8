import SQLiteFavorites

extension StoreBackend {
    /// `--store sqlite`: a file in the data directory, for one machine.
    static let sqlite = StoreBackend(choice: .sqlite) { configuration in
        try SQLiteFavoritesStore(directory: try configuration.userDataDirectory())
    }
}
