import Arguments
import CommandLineKit
import Commands
import SQLite
import SQLiteFavorites

extension StoreBackend {
    /// `--store sqlite`: a file in the data directory, for one machine.
    static let sqlite = StoreBackend(
        declaration: BackendDeclaration(
            "sqlite", summary: "a file in the data directory", options: [dataDirectory],
            prose: BackendProse(place: "an SQLite database that several terminals may use at once")),
        open: { configuration in try SQLiteFavoritesStore(directory: try configuration.userDataDirectory()) },
        report: { error in
            guard let error = error as? SQLiteError else { return nil }
            let exitCode: ExitCode =
                switch error.kind {
                case .busy: .temporaryFailure
                case .damaged, .newerSchema: .dataError
                case .cannotOpen, .readOnly, .constraint, .other: .ioError
                }
            return databaseFailure(error, exitCode: exitCode)
        })

    /// `--data-dir`: where the database file lives, read into `AppConfiguration.dataDirectory`.
    static let dataDirectory: TypedOption<String?> = .path(
        "--data-dir",
        help:
            "Where the data lives (default $XDG_DATA_HOME/excelsior, or ~/.local/share/excelsior); the database is favorites.sqlite there.")
}
