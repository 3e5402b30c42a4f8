import Arguments
import Commands
import SQLiteFavorites

extension StoreBackend {
    /// `--store sqlite`: a file in the data directory, for one machine.
    static let sqlite = StoreBackend(
        declaration: BackendDeclaration(
            "sqlite", summary: "a file in the data directory", options: [dataDirectory],
            prose: BackendProse(place: "an SQLite database that several terminals may use at once"))
    ) { configuration in
        try SQLiteFavoritesStore(directory: try configuration.userDataDirectory())
    }

    /// `--data-dir`: where the database file lives, read into `AppConfiguration.dataDirectory`.
    static let dataDirectory: TypedOption<String?> = .path(
        "--data-dir",
        help:
            "Where the data lives (default $XDG_DATA_HOME/excelsior, or ~/.local/share/excelsior); the database is favorites.sqlite there.")
}
