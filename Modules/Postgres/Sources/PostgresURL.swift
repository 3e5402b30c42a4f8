/// A `postgres://` URL read into its parts by this program, not by libpq, so that every refusal
/// names the part that is wrong and quotes none of it: a part misread (a password taken for a
/// port) could be the password. The parts are percent-decoded and passed to libpq one keyword
/// at a time, so libpq never sees the URL and none of its messages can quote it.
struct PostgresURL: Equatable {
    /// The user name, or nil for libpq's default.
    var user: String?
    /// The password, or nil.
    var password: String?
    /// The hosts (names, addresses or socket directories), empty for libpq's default.
    var hosts: [String] = []
    /// The port of each host ("" for the default), or empty when none is given.
    var ports: [String] = []
    /// The database, or nil for libpq's default (the user name).
    var database: String?
    /// The query's other parameters, each a libpq keyword and its value, checked; the last of a
    /// keyword given twice wins.
    var parameters: [String: String] = [:]

    /// The parts of `url`; throws `invalidURL` naming the part that is not valid.
    init(_ url: String) throws(PostgresError) {
        guard let rest = ["postgresql://", "postgres://"].lazy.compactMap({ url.hasPrefix($0) ? url.dropFirst($0.count) : nil }).first
        else {
            throw Self.invalid("a database URL starts with postgres:// or postgresql://")
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var remainder = rest[authorityEnd...]
        var query = Substring("")
        if let mark = remainder.firstIndex(of: "?") {
            query = remainder[remainder.index(after: mark)...]
            remainder = remainder[..<mark]
        }
        let keys = query.split(separator: "&").map { $0.prefix { $0 != "=" } }
        if remainder.contains("@") || keys.contains(where: { $0.contains("@") }) {
            throw Self.invalid(
                "an '@' follows the host: a '/', '?' or '@' in the user name or password must be written %2F, %3F or %40")
        }
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            let colon = userInfo.firstIndex(of: ":") ?? userInfo.endIndex
            user = try Self.decoded(userInfo[..<colon], "the user name")
            if colon < userInfo.endIndex {
                password = try Self.decoded(userInfo[userInfo.index(after: colon)...], "the password")
            }
            try readHosts(authority[authority.index(after: at)...])
        } else {
            do {
                try readHosts(authority)
            } catch {
                // `user:password/…` without `@host` reads as a host and a port.
                throw Self.invalid("\(error.message.dropFirst(Self.prefix.count)) (a user name and password end with '@' before the host)")
            }
        }
        if remainder.count > 1 { database = try Self.decoded(remainder.dropFirst(), "the database name") }
        for pair in query.split(separator: "&") { try readParameter(pair) }
    }

    /// The hosts and ports of `text`: `host[:port]` or `[address][:port]`, separated by commas.
    private mutating func readHosts(_ text: Substring) throws(PostgresError) {
        guard !text.isEmpty else { return }
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            var host = entry
            var port = Substring("")
            if entry.hasPrefix("[") {
                guard let close = entry.firstIndex(of: "]") else { throw Self.invalid("the host has a '[' without its ']'") }
                host = entry[entry.index(after: entry.startIndex)..<close]
                let after = entry[entry.index(after: close)...]
                guard after.isEmpty || after.hasPrefix(":") else {
                    throw Self.invalid("the host has text after its ']' that is not a port")
                }
                port = after.dropFirst()
            } else if let colon = entry.firstIndex(of: ":") {
                host = entry[..<colon]
                port = entry[entry.index(after: colon)...]
            }
            hosts.append(try Self.decoded(host, "the host") ?? "")
            ports.append(try Self.port(port))
        }
        if hosts.allSatisfy(\.isEmpty) { hosts = [] }
        if ports.allSatisfy(\.isEmpty) { ports = [] }
    }

    /// One `key=value` of the query: the URL's own parts, or a libpq keyword checked by
    /// `PostgresURLParameter`.
    private mutating func readParameter(_ pair: Substring) throws(PostgresError) {
        guard let equals = pair.firstIndex(of: "=") else {
            throw Self.invalid("\(PostgresURLParameter.naming(pair)) has no value (write key=value)")
        }
        let key = try Self.decoded(pair[..<equals], "a parameter name") ?? ""
        let part = PostgresURLParameter.naming(Substring(key))
        let names = ["user": "the user name", "password": "the password", "dbname": "the database name", "host": "the host"]
        let value = try Self.decoded(pair[pair.index(after: equals)...], names[key] ?? "the value of \(part)") ?? ""
        switch key {
        case "user": user = value.isEmpty ? nil : value
        case "password": password = value.isEmpty ? nil : value
        case "dbname": database = value.isEmpty ? nil : value
        case "host": hosts = value.isEmpty ? [] : value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        case "port":
            ports = try value.split(separator: ",", omittingEmptySubsequences: false).map { port throws(PostgresError) in
                try Self.port(port)
            }
        case "ssl":
            guard value == "true" else { throw Self.invalid("the parameter ssl may only be true (sslmode says more)") }
            parameters["sslmode"] = "require"
        default: parameters[key] = try PostgresURLParameter.checked(key, value)
        }
    }

    /// `text` as a port: empty (the default) or a number from 1 to 65535.
    private static func port(_ text: Substring) throws(PostgresError) -> String {
        guard !text.isEmpty else { return "" }
        guard text.utf8.count <= 5, text.utf8.allSatisfy({ (48...57).contains($0) }), let port = Int(text), (1...65535).contains(port)
        else {
            throw invalid("the port is not a number from 1 to 65535")
        }
        return String(port)
    }

    /// `text` percent-decoded as UTF-8, nil when empty; `part` names it in the refusal.
    static func decoded(_ text: Substring, _ part: String) throws(PostgresError) -> String? {
        guard !text.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw invalid("\(part) has a bad percent escape (a % must be followed by two hexadecimal digits; write % itself as %25)")
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { throw invalid("\(part) holds a NUL character (%00)") }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw invalid("\(part) is not UTF-8 text once percent-decoded")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// An `invalidURL` error saying `message` about the URL.
    static func invalid(_ message: String) -> PostgresError {
        PostgresError(kind: .invalidURL, message: prefix + message)
    }

    /// How every refusal begins.
    private static let prefix = "the database URL is not valid: "
}
