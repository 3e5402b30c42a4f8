import Client
import DataProviders
import Foundation
import HTTPTypes

/// The Marvel API's character endpoints, answered from a `FixtureSet` without a network.
///
/// It is an `HTTPClient`, so the product reaches the fixtures through the same request,
/// status and decoding path as the real API, and `respond(to:)` is what `serve` puts behind
/// a `LoopbackHTTPServer`:
/// - `GET /v1/public/characters?offset=&limit=&…`: a page of the set filtered by `name`,
///   `nameStartsWith`, `modifiedSince` and the id lists `comics`, `series`, `events`, `stories`
///   (a character matches a list when its fixture lists one of the ids), by name unless
///   `orderBy` (`name`, `-name`, `modified`, `-modified`, comma-separated in priority order)
///   says otherwise (`CharacterFilter`); `total` counts the filtered set; `limit` defaults to
///   20 and must be 1…100.
/// - `GET /v1/public/characters/{id}`: a one-result wrapper, or Marvel's 404 body (also when
///   `id` is not plain digits, such as `+1011334`).
/// - The query is read as a form (`FormQuery`): `+` is a space, `%2B` a plus. Invalid
///   parameters: 409 with Marvel's messages; a parameter that is not valid percent-encoded
///   UTF-8 (`%ZZ`, a lone `%`, bytes that are not UTF-8) gets a 409 naming it, never silently
///   dropped nor taken literally; a parameter given twice (`limit=1&limit=3`) gets a 409 naming
///   it, never one of its values picked. A request read off the wire is judged by its `target`,
///   the query as sent.
/// - Escapes in the path are decoded segment by segment: a segment holding `%2F` names no
///   resource (404), as a `/` there would not be a segment's.
/// - HEAD: the GET answer without its body, with a `Content-Length` of the body's size.
///   Any other method: 405 with `Allow: GET, HEAD`.
/// - Every answer carries an `ETag`; a request whose `If-None-Match` matches gets a bodiless 304.
/// - With `keys`, requests must be signed with them (`ts`, `apikey`, `hash`) or get Marvel's
///   409 and 401 bodies; without, signing parameters are accepted and ignored.
public struct MarvelAPIEmulator: HTTPClient {
    private static let collectionPath = "/v1/public/characters"
    private static let signingParameters: Set<String> = ["ts", "apikey", "hash"]
    private static let listParameters = CharacterFilter.parameters.union(["offset", "limit"])

    /// The characters served.
    public let fixtures: FixtureSet
    private let keys: MarvelAuthorization?

    /// An emulator serving `fixtures`, requiring requests signed with `keys` when given.
    public init(fixtures: FixtureSet, keys: MarvelAuthorization? = nil) {
        self.fixtures = fixtures
        self.keys = keys
    }

    /// An emulator serving the fixture files in `directory`, requiring requests signed with
    /// `keys` when given; throws `FixtureError`.
    public init(directory: URL, keys: MarvelAuthorization? = nil) throws {
        self.init(fixtures: try FixtureSet(directory: directory), keys: keys)
    }

    /// Marvel's answer to `request`, from the fixtures.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        respond(to: request)
    }

    /// The response the Marvel API would give to `request`; to HEAD, the GET answer's status and
    /// headers with `Content-Length` in place of the body.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = conditionalAnswer(request)
        if request.method == "HEAD", response.statusCode != 304 {
            response.headers["Content-Length"] = String(response.body.count)
            response.body = Data()
        }
        return response
    }

    private func conditionalAnswer(_ request: HTTPRequest) -> HTTPResponse {
        let response = answer(request)
        guard response.statusCode == 200, let etag = response.header("ETag"),
            let condition = request.header("If-None-Match"), Self.condition(condition, matches: etag)
        else { return response }
        return HTTPResponse(statusCode: 304, headers: ["ETag": etag])
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var refusal = Self.error(405, code: "405", status: "GET and HEAD are the only methods this API answers.")
            refusal.headers["Allow"] = "GET, HEAD"
            return refusal
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        let items: [URLQueryItem]
        switch FormQuery.parameters(Self.query(of: request, components: components)) {
        case .success(let decoded): items = decoded
        case .failure(let bad):
            return Self.error(409, code: "409", status: "The parameter \(bad.name) is not valid percent-encoded UTF-8.")
        }
        if let repeated = Self.repeatedName(in: items) {
            return Self.error(409, code: "409", status: "You may not pass the parameter \(repeated) more than once.")
        }
        if let keys, let refusal = Self.refusal(items, keys: keys) {
            return refusal
        }
        let sentPath = components?.percentEncodedPath ?? ""
        guard let path = Self.decodedPath(sentPath) else {
            return Self.error(404, code: "ResourceNotFound", message: "\(sentPath) does not exist")
        }
        let query = items.filter { !Self.signingParameters.contains($0.name) }
        if path == Self.collectionPath || path == Self.collectionPath + "/" {
            return list(query)
        }
        if path.hasPrefix(Self.collectionPath + "/"), path.dropFirst(Self.collectionPath.count + 1).contains("/") {
            // A character's comics, series, stories or events: the real API has them, the fixtures do not.
            return Self.error(404, code: "ResourceNotFound", message: "\(path) does not exist")
        }
        if path.hasPrefix(Self.collectionPath + "/") {
            return detail(String(path.dropFirst(Self.collectionPath.count + 1)), query: query)
        }
        return Self.error(404, code: "ResourceNotFound", message: "\(path) does not exist")
    }

    /// The query as the client sent it: from the request's `target` when a server read it off
    /// the wire (its `url` re-encodes a malformed escape), else from its URL.
    private static func query(of request: HTTPRequest, components: URLComponents?) -> Substring {
        guard let target = request.target else { return Substring(components?.percentEncodedQuery ?? "") }
        guard let question = target.firstIndex(of: "?") else { return "" }
        let query = target[target.index(after: question)...]
        return query[..<(query.firstIndex(of: "#") ?? query.endIndex)]
    }

    /// The first parameter name `items` holds more than once.
    private static func repeatedName(in items: [URLQueryItem]) -> String? {
        var seen: Set<String> = []
        return items.first { !seen.insert($0.name).inserted }?.name
    }

    /// `path` with each segment's escapes decoded; nil when a segment does not decode or holds
    /// a `/` (`%2F`), which names no resource rather than a deeper path.
    private static func decodedPath(_ path: String) -> String? {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = segment.removingPercentEncoding, !decoded.contains("/") else { return nil }
            segments.append(decoded)
        }
        return segments.joined(separator: "/")
    }

    /// Marvel's answer to a request not signed with `keys`, or nil when it is.
    private static func refusal(_ items: [URLQueryItem], keys: MarvelAuthorization) -> HTTPResponse? {
        let value = { (name: String) in items.last { $0.name == name }?.value ?? "" }
        guard !value("apikey").isEmpty else {
            return error(409, code: "MissingParameter", message: "You must provide a user key.")
        }
        guard value("apikey") == keys.publicKey else {
            return error(401, code: "InvalidCredentials", message: "The passed API key is invalid.")
        }
        guard !value("ts").isEmpty else {
            return error(409, code: "MissingParameter", message: "You must provide a timestamp.")
        }
        guard !value("hash").isEmpty else {
            return error(409, code: "MissingParameter", message: "You must provide a hash.")
        }
        let expected = keys.parameters(timestamp: value("ts")).first { $0.name == "hash" }?.value
        guard value("hash").lowercased() == expected else {
            return error(401, code: "InvalidCredentials", message: "That hash, timestamp and key combination is invalid")
        }
        return nil
    }

    private func list(_ query: [URLQueryItem]) -> HTTPResponse {
        if let unknown = query.first(where: { !Self.listParameters.contains($0.name) }) {
            return Self.error(409, code: "409", status: "We don't recognize the parameter \(unknown.name)")
        }
        let value = { (name: String) in query.last { $0.name == name }?.value }
        let limitText = value("limit") ?? "20"
        guard Int(limitText) != nil || !Self.isDigits(limitText) else {
            return Self.error(409, code: "409", status: "You may not request more than 100 items.")
        }
        guard let limit = Int(limitText), limit > 0 else {
            return Self.error(409, code: "409", status: "You must pass an integer limit greater than 0.")
        }
        guard limit <= 100 else {
            return Self.error(409, code: "409", status: "You may not request more than 100 items.")
        }
        guard let offset = Int(value("offset") ?? "0"), offset >= 0 else {
            return Self.error(409, code: "409", status: "You must pass an integer offset greater than or equal to 0.")
        }
        let filter: CharacterFilter
        do {
            filter = try CharacterFilter(value)
        } catch {
            return Self.error(409, code: "409", status: error.message)
        }
        let records = filter.ordered(fixtures.records.filter { filter.matches($0.subject) }, subject: \.subject)
        let page = records.dropFirst(offset).prefix(limit)
        return wrapper(offset: offset, limit: limit, total: records.count, results: Array(page))
    }

    /// Whether `text` is one or more ASCII digits.
    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private func detail(_ idText: String, query: [URLQueryItem]) -> HTTPResponse {
        if let unknown = query.first {
            return Self.error(409, code: "409", status: "We don't recognize the parameter \(unknown.name)")
        }
        guard Self.isDigits(idText), let id = Int(idText),
            let record = fixtures.records.first(where: { $0.id == id })
        else {
            return Self.error(404, code: "404", status: "We couldn't find that character")
        }
        return wrapper(offset: 0, limit: 20, total: 1, results: [record])
    }

    private func wrapper(offset: Int, limit: Int, total: Int, results: [FixtureSet.Record]) -> HTTPResponse {
        var container = Data("{\"offset\":\(offset),\"limit\":\(limit),\"total\":\(total),\"count\":\(results.count),\"results\":[".utf8)
        for (index, record) in results.enumerated() {
            if index > 0 { container.append(UInt8(ascii: ",")) }
            container.append(record.json)
        }
        container.append(contentsOf: Array("]}".utf8))
        let etag = MD5.hex(container)
        let attribution = fixtures.attribution
        var body = Data("{\"code\":200,\"status\":\"Ok\",\"copyright\":\(Self.quoted(attribution.copyright)),".utf8)
        body.append(contentsOf: Array("\"attributionText\":\(Self.quoted(attribution.text)),".utf8))
        body.append(contentsOf: Array("\"attributionHTML\":\(Self.quoted(attribution.html)),\"etag\":\"\(etag)\",\"data\":".utf8))
        body.append(container)
        body.append(UInt8(ascii: "}"))
        return HTTPResponse(statusCode: 200, headers: Self.jsonHeaders.merging(["ETag": "\"\(etag)\""]) { $1 }, body: body)
    }

    /// Whether an `If-None-Match` value names `etag`: `*`, or a list of (weak or strong) tags.
    private static func condition(_ condition: String, matches etag: String) -> Bool {
        let bare = { (tag: Substring) -> Substring in
            var tag = tag.trimmingPrefix("W/")
            if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = tag.dropFirst().dropLast() }
            return tag
        }
        let wanted = bare(Substring(etag))
        return condition.split(separator: ",").contains { candidate in
            let trimmed = Substring(candidate.trimmingCharacters(in: .whitespaces))
            return trimmed == "*" || bare(trimmed) == wanted
        }
    }

    private static let jsonHeaders = ["Content-Type": "application/json; charset=utf-8"]

    private static func error(_ status: Int, code: String, status text: String) -> HTTPResponse {
        let codeJSON = Int(code).map(String.init) ?? quoted(code)
        return HTTPResponse(statusCode: status, headers: jsonHeaders, body: Data("{\"code\":\(codeJSON),\"status\":\(quoted(text))}".utf8))
    }

    private static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: jsonHeaders, body: Data("{\"code\":\(quoted(code)),\"message\":\(quoted(message))}".utf8))
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
