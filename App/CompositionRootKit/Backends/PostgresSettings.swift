import Arguments
import CommandLineKit
import Commands
import Postgres

/// Where `--store postgres` finds its database.
enum PostgresSettings {
    /// What the help says of `--store postgres`.
    static let prose = BackendProse(
        place: "a PostgreSQL database every machine that names it shares",
        exitCases: [
            .usage: [
                "a `--database-url` or `EXCELSIOR_DATABASE_URL` that is not a PostgreSQL URL or gives `service`, `passfile` or "
                    + "`sslkeylogfile`, or `--store postgres` without either",
                "a PostgreSQL database that does not exist",
            ],
            .unavailable: [
                "with `--store postgres`, the PostgreSQL server unreachable, not answering within the connect time-out, gone "
                    + "mid-command, or not PostgreSQL"
            ],
            .temporaryFailure: ["on PostgreSQL, a statement or lock wait ran past the statement time-out"],
            .permissionDenied: ["the PostgreSQL server refused the user or password, or the role may not create the tables"],
        ])
    /// `--database-url`, which only this backend reads.
    static let url: TypedOption<String?> = .text(
        "--database-url", placeholder: "URL",
        help: "The PostgreSQL database for --store postgres (default $EXCELSIOR_DATABASE_URL), as "
            + "postgres://user:password@host:port/database, or a socket directory as host (postgres://user@%2Frun%2Fpostgresql/db).")
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

extension PostgresSettings {
    /// The report of a `PostgresError`, as a feature's own adapter over PostgreSQL throws it, with the exit
    /// codes the favourites on PostgreSQL use for the same failures; nil for any other error.
    static func report(for error: any Error) -> ErrorReport? {
        guard let error = error as? PostgresError else { return nil }
        let exitCode: ExitCode =
            switch error.kind {
            case .invalidURL, .databaseNotFound: .usage
            case .unreachable: .unavailable
            case .authentication, .permissionDenied: .permissionDenied
            case .timeout, .serialization: .temporaryFailure
            case .newerSchema, .foreignSchema, .invalidValue: .dataError
            case .uniqueViolation, .other: .ioError
            }
        return StoreBackend.databaseFailure(error, exitCode: exitCode)
    }
}
