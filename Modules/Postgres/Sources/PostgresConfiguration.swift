import CLibPQ
import Foundation

/// Where a PostgreSQL server is and how long to wait for it, read from a URL:
/// `postgres://user:password@host:port/database`, a Unix-socket directory as host
/// (`postgres://user@%2Ftmp%2Fsockets/database` or `?host=/tmp/sockets`), any libpq URI parameter.
public struct PostgresConfiguration: Sendable, Equatable {
    /// The URL as given (it may hold the password: never print it; print `target`).
    public let url: String
    /// The server as `user@host:port/database`, without the password, for messages.
    public let target: String
    /// The password in the URL, or nil; kept to remove it from any message that quotes it.
    let password: String?
    /// The URL's own `options` (server settings such as `-c search_path=…`), or nil.
    let urlOptions: String?
    /// How long to wait for a connection (libpq counts whole seconds, at least 2).
    public var connectTimeout: Duration = .seconds(5)
    /// How long a statement, a lock wait included, may run before the server cancels it.
    public var statementTimeout: Duration = .seconds(5)
    /// The most connections the pool keeps open.
    public var poolSize = 4
    /// How many times a transaction runs when it meets a serialization failure or a deadlock.
    public var transactionAttempts = 5

    /// The configuration for `url`; throws `invalidURL` (the message without the password) when
    /// it is not a `postgres://` or `postgresql://` URL libpq accepts.
    public init(url: String) throws(PostgresError) {
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw PostgresError(kind: .invalidURL, message: "a database URL starts with postgres:// or postgresql://")
        }
        var failure: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &failure) else {
            let message = failure.map { String(cString: $0) } ?? "libpq cannot read it"
            PQfreemem(failure)
            throw PostgresError(kind: .invalidURL, message: "the database URL is not valid: \(Self.redactingURL(message, url))")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.url = url
        password = values["password"].flatMap { $0.isEmpty ? nil : $0 }
        urlOptions = values["options"].flatMap { $0.isEmpty ? nil : $0 }
        let user = values["user"].map { "\($0)@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? "localhost"
        let port = values["port"].map { ":\($0)" } ?? ""
        target = "\(user)\(host)\(port)/\(values["dbname"] ?? values["user"] ?? "")"
    }

    /// `message` with every quotation of the URL's password replaced by `***`.
    func redacting(_ message: String) -> String {
        guard let password else { return message }
        return message.replacingOccurrences(of: password, with: "***")
    }

    /// `message` with the URL's password, as written in it, replaced by `***`: a libpq parse
    /// error may quote any part of the URL.
    private static func redactingURL(_ message: String, _ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return message }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return message }
        let secret = authority[authority.index(after: colon)..<at]
        return secret.isEmpty ? message : message.replacingOccurrences(of: secret, with: "***")
    }

    /// The libpq keywords and values a connection opens with: our connect time-out first, so the
    /// URL's wins; then the URL; then the server settings, the URL's between the statement
    /// time-out (theirs wins) and the time zone and date style the readers rely on (ours win).
    var connectionParameters: [(String, String)] {
        let seconds = connectTimeout.components.seconds + (connectTimeout.components.attoseconds > 0 ? 1 : 0)
        let settings = [
            "-c statement_timeout=\(Self.milliseconds(statementTimeout))", urlOptions, "-c TimeZone=UTC -c DateStyle=ISO",
        ]
        return [
            ("connect_timeout", String(max(2, seconds))), ("client_encoding", "UTF8"), ("application_name", "excelsior"),
            ("dbname", url), ("options", settings.compactMap { $0 }.joined(separator: " ")),
        ]
    }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
