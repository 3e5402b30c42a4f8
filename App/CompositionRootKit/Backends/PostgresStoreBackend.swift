import Arguments
import CommandLineKit
import Commands
import Postgres
import PostgresFavorites

extension StoreBackend {
    /// `--store postgres`: a PostgreSQL database every machine that names it shares, given by
    /// `--database-url` or `EXCELSIOR_DATABASE_URL`.
    static let postgres = StoreBackend(
        declaration: BackendDeclaration(
            "postgres", summary: "a PostgreSQL database", options: [PostgresSettings.url], needingIt: [PostgresSettings.url],
            prose: PostgresSettings.prose),
        configure: { configuration, invocation, environment throws(UsageError) in
            let url = invocation.arguments?[PostgresSettings.url] ?? nil
            configuration.settings[PostgresConfiguration.self] = try PostgresSettings.configuration(url, environment: environment)
        },
        open: { configuration in
            try PostgresFavoritesStore(
                configuration: try configuration.settings[PostgresConfiguration.self]
                    ?? PostgresSettings.configuration(nil, environment: [:]))
        },
        report: PostgresSettings.report(for:))
}
