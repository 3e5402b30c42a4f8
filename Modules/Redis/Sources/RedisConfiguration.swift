import Foundation
import Redaction

/// Where a Redis server is, how to log in, and how long to wait for it.
public struct RedisConfiguration: Sendable, Equatable {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The ACL user for `AUTH user password`, or nil for `AUTH password` (or no `AUTH`).
    public var user: String?
    /// The password to `AUTH` with, or nil to send no `AUTH`.
    public var password: String?
    /// The logical database to `SELECT` (0, the server's default, sends no `SELECT`).
    public var database: Int
    /// How long connecting (and logging in) may take.
    public var connectTimeout: Duration = .seconds(2)
    /// How long a whole reply may take to arrive.
    public var readTimeout: Duration = .seconds(2)
    /// How long sending a command may take.
    public var writeTimeout: Duration = .seconds(2)
    /// How many idle connections the pool keeps for reuse.
    public var poolCapacity = 4
    /// After a failed connect, how long commands fail at once (with that failure) before the
    /// next connect is tried, so a server that is down costs one time-out, not one per command.
    public var retryDelay: Duration = .seconds(1)
    /// The longest bulk string the client accepts (the server's own limit is 512 MB).
    public var maxBulkLength = 64 * 1024 * 1024

    /// The default port of Redis.
    public static let defaultPort = 6379

    /// A configuration for the server at `host:port`.
    public init(host: String, port: Int = defaultPort, user: String? = nil, password: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// The configuration a URL `redis://[user:password@]host[:port][/db]` names (port 6379 and
    /// database 0 when left out; user and password percent-encoded).
    public init(url text: String) throws(RedisError) {
        func invalid(_ reason: String) -> RedisError { .invalidURL(Self.redacted(text), reason: reason) }
        guard let components = URLComponents(string: text) else { throw invalid(Self.whyUnparsable(text)) }
        guard components.scheme?.lowercased() == "redis" else { throw invalid("it must start with redis://") }
        guard let name = components.host, !name.isEmpty else { throw invalid("it names no host") }
        let host = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        guard !host.unicodeScalars.contains(where: Self.isUnfitForAHost) else {
            throw invalid("the host may not hold control characters or spaces")
        }
        guard components.query == nil, components.fragment == nil else { throw invalid("it may not have a query or fragment") }
        let port = components.port ?? Self.defaultPort
        guard (1...65_535).contains(port) else { throw invalid("the port must be 1 to 65535") }
        var database = 0
        let path = components.path
        if !path.isEmpty && path != "/" {
            guard let number = Int(path.dropFirst()), number >= 0, path.hasPrefix("/") else {
                throw invalid("the path must be a database number such as /0")
            }
            database = number
        }
        // Read from the text as given: URLComponents may escape a stray % itself and hide the mistake.
        if let scheme = text.firstRange(of: "://"), let at = text.lastIndex(of: "@"), scheme.upperBound <= at,
            !Self.hasWellFormedEscapes(String(text[scheme.upperBound..<at]))
        {
            throw invalid(
                "the user name or password has a bad percent escape (a % must be followed by two hexadecimal digits; write % itself as %25)"
            )
        }
        let user = components.user.flatMap { $0.isEmpty ? nil : $0 }
        let password = components.password
        if user != nil && password == nil { throw invalid("a user needs a password (user:password@)") }
        self.init(host: host, port: port, user: user, password: password, database: database)
    }

    /// `host:port`, for messages.
    public var endpoint: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Why `URLComponents` could not read `text`: the scheme, else the port, else the URL as a whole.
    private static func whyUnparsable(_ text: String) -> String {
        let scheme = "redis://"
        guard text.lowercased().hasPrefix(scheme) else { return "it must start with redis://" }
        var authority = text.dropFirst(scheme.count)
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        authority = authority.prefix { !"/?#".contains($0) }
        let malformed = "it is not a well-formed URL (percent-encode @ : / ? # and spaces in the user and password)"
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return malformed }
            authority = authority[close...]
        }
        if let colon = authority.firstIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard let number = Int(port), (1...65_535).contains(number) else {
                return "the port must be 1 to 65535"
            }
        }
        return malformed
    }

    /// Whether every `%` of `text` starts an escape of two hexadecimal digits, and the escapes
    /// decode to UTF-8 text.
    private static func hasWellFormedEscapes(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let isHexDigit = { (byte: UInt8) in
            (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return text.removingPercentEncoding != nil
    }

    /// Whether `scalar` cannot be part of a host name or address: a control, format or space character.
    private static func isUnfitForAHost(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        default: false
        }
    }

    /// `text`, which may not be a URL at all, with whatever could be a password masked as `***`:
    /// the user information, as `Redaction.url` drops it, and the value of a query parameter named
    /// like a credential (`password=`).
    public static func redacted(_ text: String) -> String {
        var result = Redaction.url(text)
        if let question = result.firstIndex(of: "?") {
            let query = result[result.index(after: question)...]
            let end = query.firstIndex(of: "#") ?? query.endIndex
            let masked = query[..<end].split(separator: "&", omittingEmptySubsequences: false).map { item in
                guard let equals = item.firstIndex(of: "=") else { return String(item) }
                let name = item[..<equals].lowercased()
                let secret = ["pass", "pwd", "auth", "secret", "token", "key"].contains { name.contains($0) }
                return secret ? "\(item[...equals])***" : String(item)
            }
            result.replaceSubrange(query.startIndex..<end, with: masked.joined(separator: "&"))
        }
        return result
    }

    /// The URL without its password, for messages and reports.
    public var redactedURL: String {
        let login = password == nil ? "" : "\(user ?? ""):***@"
        return "redis://\(login)\(endpoint)/\(database)"
    }
}
