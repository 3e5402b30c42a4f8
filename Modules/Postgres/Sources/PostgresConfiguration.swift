/// Where a PostgreSQL server is and how long to wait for it, read from a URL:
/// `postgres://user:password@host:port/database`, a Unix-socket directory as host
/// (`postgres://user@%2Ftmp%2Fsockets/database` or `?host=/tmp/sockets`), libpq's URI parameters
/// but those the program sets itself (`PostgresURL` reads it; docs/FAVORITES.md lists the rules).
public struct PostgresConfiguration: Sendable, Equatable {
    /// The server as `user@host:port/database`, without the password, for messages.
    public let target: String
    /// The URL's parts, the password among them: never printed, passed to libpq one by one.
    let url: PostgresURL
    /// The `statement_timeout` the URL's `options` set, or nil.
    let urlStatementTimeout: Duration?
    /// How long to wait for a connection (libpq counts whole seconds, at least 2); a URL's
    /// `connect_timeout` wins over it.
    public var connectTimeout: Duration = .seconds(5)
    /// How long a statement, a lock wait included, may run before the server cancels it; a
    /// URL's `options=-c statement_timeout=…` wins over it.
    public var statementTimeout: Duration = .seconds(5)
    /// The most connections the pool keeps open.
    public var poolSize = 4
    /// How many times a transaction runs when it meets a serialization failure or a deadlock.
    public var transactionAttempts = 5

    /// The configuration for `url`; throws `invalidURL`, naming the part that is wrong and
    /// quoting none of it, when it is not a `postgres://` or `postgresql://` URL this program
    /// accepts.
    public init(url: String) throws(PostgresError) {
        let parts = try PostgresURL(url)
        self.url = parts
        urlStatementTimeout = try parts.parameters["options"].flatMap { text throws(PostgresError) in
            try PostgresServerOptions(text).statementTimeout
        }
        let user = parts.user.map { "\($0)@" } ?? ""
        let host = parts.hosts.isEmpty ? parts.parameters["hostaddr"] ?? "localhost" : parts.hosts.joined(separator: ",")
        let port = parts.ports.isEmpty ? "" : ":\(parts.ports.joined(separator: ","))"
        target = "\(user)\(host)\(port)/\(parts.database ?? parts.user ?? "")"
    }

    /// The statement time-out the server applies: the URL's, else `statementTimeout`.
    public var statementTimeoutInForce: Duration { urlStatementTimeout ?? statementTimeout }

    /// The connect time-out libpq applies: the URL's `connect_timeout`, else `connectTimeout`.
    public var connectTimeoutInForce: Duration {
        url.parameters["connect_timeout"].flatMap(PostgresURLParameter.wholeNumber).map { .seconds($0) } ?? connectTimeout
    }

    /// How long a command may go unanswered before the server is taken for gone: the statement
    /// time-out in force (the server answers by then, if only to cancel) and the connect
    /// time-out in force after it, for the answer to arrive.
    public var answerTimeout: Duration { statementTimeoutInForce + connectTimeoutInForce }

    /// The libpq keywords and values a connection opens with, each once: the connect time-out
    /// (the URL's, else ours); the URL's parts and parameters; the encoding and the
    /// application's name; then the server settings: our statement time-out, the URL's options
    /// (whose statement time-out therefore wins) and the settings the readers rely on, which
    /// the URL may not give (`PostgresServerOptions.ours`).
    var connectionParameters: [(String, String)] {
        let seconds = connectTimeout.components.seconds + (connectTimeout.components.attoseconds > 0 ? 1 : 0)
        var parameters = [("connect_timeout", url.parameters["connect_timeout"] ?? String(max(2, seconds)))]
        let parts = [
            ("host", url.hosts.isEmpty ? nil : url.hosts.joined(separator: ",")),
            ("port", url.ports.isEmpty ? nil : url.ports.joined(separator: ",")), ("user", url.user), ("password", url.password),
            ("dbname", url.database),
        ]
        parameters += parts.compactMap { key, value in value.map { (key, $0) } }
        let settled: Set = ["connect_timeout", "application_name", "options"]
        parameters += url.parameters.filter { !settled.contains($0.key) }.sorted { $0.key < $1.key }
        parameters += [("client_encoding", "UTF8"), ("application_name", url.parameters["application_name"] ?? "excelsior")]
        let settings = [
            "-c statement_timeout=\(Self.milliseconds(statementTimeout))", url.parameters["options"],
            "-c TimeZone=UTC -c DateStyle=ISO -c IntervalStyle=postgres -c standard_conforming_strings=on -c bytea_output=hex",
            "-c extra_float_digits=1",
        ]
        parameters.append(("options", settings.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")))
        return parameters
    }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
