import CLibPQ

/// The libpq keywords a URL's query may give, and the values each accepts: checked here, so a
/// bad value is a refusal naming the keyword before anything connects (libpq would report it
/// only on connecting). Values are never quoted back.
enum PostgresURLParameter {
    /// Every keyword this libpq knows (`PQconndefaults`), read once.
    static let known: Set<String> = {
        guard let defaults = PQconndefaults() else { return [] }
        defer { PQconninfoFree(defaults) }
        var keywords: Set<String> = []
        var option = defaults
        while let keyword = option.pointee.keyword {
            keywords.insert(String(cString: keyword))
            option += 1
        }
        return keywords
    }()

    /// Keywords the program sets itself, since its readers depend on them, and why.
    static let ours = [
        "client_encoding": "the program talks UTF8 and reads text as UTF-8; another encoding would store wrong characters",
        "replication": "a replication connection cannot run the favourites' statements",
        "expand_dbname": "the program passes the database name as it is",
    ]

    /// Keywords a URL may not give because they name a file libpq would read or write, or a file
    /// of settings the URL does not show, and why. Files for TLS (`sslcert`, `sslkey`,
    /// `sslrootcert`, `sslcrl`, `sslcrldir`) may be named: they are read only to connect.
    static let refused = [
        "service": "it takes settings from a service file the URL does not show; give them in the URL",
        "servicefile": "it takes settings from a file the URL does not show; give them in the URL",
        "passfile": "a URL may not name a file to read passwords from (libpq reads ~/.pgpass, or PGPASSFILE)",
        "sslkeylogfile": "a URL may not name a file for libpq to write the session's TLS keys to",
    ]

    /// The values of keywords that take one of a few words.
    private static let choices = [
        "sslmode": ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"],
        "gssencmode": ["disable", "prefer", "require"],
        "channel_binding": ["disable", "prefer", "require"],
        "target_session_attrs": ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"],
        "load_balance_hosts": ["disable", "random"],
        "sslcertmode": ["disable", "allow", "require"],
        "ssl_min_protocol_version": ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"],
        "ssl_max_protocol_version": ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"],
        "keepalives": ["0", "1"], "sslcompression": ["0", "1"], "sslsni": ["0", "1"], "requiressl": ["0", "1"],
    ]

    /// Keywords that take a whole number of at least 0.
    private static let counts: Set = ["keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout"]

    /// `value` for `key` once checked; throws `invalidURL` naming the keyword.
    static func checked(_ key: String, _ value: String) throws(PostgresError) -> String {
        if let reason = ours[key] ?? refused[key] { throw PostgresURL.invalid("the parameter \(key) cannot be given: \(reason)") }
        guard known.contains(key) else { throw PostgresURL.invalid("\(naming(Substring(key))) is not one libpq knows") }
        if let words = choices[key], !words.contains(value) {
            throw PostgresURL.invalid("the parameter \(key) must be one of \(words.joined(separator: ", "))")
        }
        if key == "connect_timeout" {
            guard let seconds = wholeNumber(value), seconds >= 1 else {
                throw PostgresURL.invalid(
                    "the parameter connect_timeout must be a whole number of seconds from 1 (0 would wait without bound; libpq waits at least 2)"
                )
            }
        }
        if counts.contains(key), wholeNumber(value) == nil {
            throw PostgresURL.invalid("the parameter \(key) must be a whole number from 0")
        }
        if key == "options" { _ = try PostgresServerOptions(value) }
        return value
    }

    /// `text` as a whole number from 0 to `Int32.max`, or nil.
    static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(text),
            number <= Int(Int32.max)
        else { return nil }
        return number
    }

    /// How a refusal names the parameter called `key`: by its name when it reads as one (a
    /// keyword's letters, digits and underscores), else only as "a parameter", since the text
    /// may be a piece of a password that was not percent-encoded.
    static func naming(_ key: Substring) -> String {
        let isName =
            !key.isEmpty && key.utf8.count <= 64
            && key.utf8.allSatisfy { byte in
                (97...122).contains(byte) || (65...90).contains(byte) || (48...57).contains(byte) || byte == UInt8(ascii: "_")
            }
        return isName ? "the parameter \(key)" : "a parameter of the query"
    }
}
