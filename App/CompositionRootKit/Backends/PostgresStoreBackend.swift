import Commands
import Postgres
import PostgresFavorites

extension StoreBackend {
    /// `--store postgres`: a PostgreSQL database every machine that names it shares, given by
    /// `--database-url` or `EXCELSIOR_DATABASE_URL`.
    static let postgres = StoreBackend(
        choice: .postgres,
        configure: { configuration, invocation, environment throws(UsageError) in
            configuration.settings[PostgresConfiguration.self] = try PostgresSettings.configuration(
                invocation.databaseURL, environment: environment)
        },
        open: { configuration in
            try PostgresFavoritesStore(
                configuration: try configuration.settings[PostgresConfiguration.self]
                    ?? PostgresSettings.configuration(nil, environment: [:]))
        })
}

/// Where `--store postgres` finds its database.
enum PostgresSettings {
    /// The database `url` (`--database-url`), else `EXCELSIOR_DATABASE_URL` names; a usage error
    /// when neither does or the URL is malformed, naming where it came from (never the password).
    static func configuration(_ url: String?, environment: [String: String]) throws(UsageError) -> PostgresConfiguration {
        let fromEnvironment = environment["EXCELSIOR_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given = url ?? fromEnvironment else {
            throw UsageError(message: "--store postgres needs --database-url URL or the EXCELSIOR_DATABASE_URL environment variable.")
        }
        do {
            return try PostgresConfiguration(url: given)
        } catch {
            throw UsageError(message: "\(url != nil ? "--database-url" : "EXCELSIOR_DATABASE_URL"): \(error.message).")
        }
    }
}
