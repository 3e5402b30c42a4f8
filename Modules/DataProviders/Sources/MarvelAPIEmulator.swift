import Client
import Foundation

/// The Marvel API's character endpoints, answered from a `FixtureSet` without a network.
///
/// It is an `HTTPClient`, so the product reaches the fixtures through the same request,
/// status and decoding path as the real API:
/// - `GET /v1/public/characters?offset=&limit=&nameStartsWith=`: a page of the set, by name;
///   `total` counts the filtered set; `limit` defaults to 20 and must be 1…100.
/// - `GET /v1/public/characters/{id}`: a one-result wrapper, or Marvel's 404 body.
/// - Invalid parameters: 409 with Marvel's messages. Signing parameters are accepted and ignored.
public struct MarvelAPIEmulator: HTTPClient {
    private static let collectionPath = "/v1/public/characters"
    private static let signingParameters: Set<String> = ["ts", "apikey", "hash"]
    private static let listParameters: Set<String> = ["offset", "limit", "nameStartsWith"]

    /// The characters served.
    public let fixtures: FixtureSet

    /// An emulator serving `fixtures`.
    public init(fixtures: FixtureSet) {
        self.fixtures = fixtures
    }

    /// An emulator serving the fixture files in `directory`; throws `FixtureError`.
    public init(directory: URL) throws {
        self.init(fixtures: try FixtureSet(directory: directory))
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        respond(to: request)
    }

    /// The response the Marvel API would give to `request`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" else {
            return Self.error(405, code: "405", status: "GET is the only method this API answers.")
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        let path = components?.path ?? ""
        let query = (components?.queryItems ?? []).filter { !Self.signingParameters.contains($0.name) }
        if path == Self.collectionPath || path == Self.collectionPath + "/" {
            return list(query)
        }
        if path.hasPrefix(Self.collectionPath + "/") {
            return detail(String(path.dropFirst(Self.collectionPath.count + 1)), query: query)
        }
        return Self.error(404, code: "ResourceNotFound", message: "\(path) does not exist")
    }

    private func list(_ query: [URLQueryItem]) -> HTTPResponse {
        if let unknown = query.first(where: { !Self.listParameters.contains($0.name) }) {
            return Self.error(409, code: "409", status: "We don't recognize the parameter \(unknown.name)")
        }
        let value = { (name: String) in query.last { $0.name == name }?.value }
        let limitText = value("limit") ?? "20"
        guard let limit = Int(limitText), limit > 0 else {
            return Self.error(409, code: "409", status: "You must pass an integer limit greater than 0.")
        }
        guard limit <= 100 else {
            return Self.error(409, code: "409", status: "You may not request more than 100 items.")
        }
        guard let offset = Int(value("offset") ?? "0"), offset >= 0 else {
            return Self.error(409, code: "409", status: "You must pass an integer offset greater than or equal to 0.")
        }
        var records = fixtures.records
        if let prefix = value("nameStartsWith") {
            guard !prefix.isEmpty else {
                return Self.error(409, code: "409", status: "nameStartsWith cannot be blank if it is set.")
            }
            records = records.filter { $0.name.range(of: prefix, options: [.anchored, .caseInsensitive]) != nil }
        }
        let page = records.dropFirst(offset).prefix(limit)
        return wrapper(offset: offset, limit: limit, total: records.count, results: Array(page))
    }

    private func detail(_ idText: String, query: [URLQueryItem]) -> HTTPResponse {
        if let unknown = query.first {
            return Self.error(409, code: "409", status: "We don't recognize the parameter \(unknown.name)")
        }
        guard let id = Int(idText), let record = fixtures.records.first(where: { $0.id == id }) else {
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
        let etag = MD5.hex(String(decoding: container, as: UTF8.self))
        let attribution = fixtures.attribution
        var body = Data("{\"code\":200,\"status\":\"Ok\",\"copyright\":\(Self.quoted(attribution.copyright)),".utf8)
        body.append(contentsOf: Array("\"attributionText\":\(Self.quoted(attribution.text)),".utf8))
        body.append(contentsOf: Array("\"attributionHTML\":\(Self.quoted(attribution.html)),\"etag\":\"\(etag)\",\"data\":".utf8))
        body.append(container)
        body.append(UInt8(ascii: "}"))
        return HTTPResponse(statusCode: 200, headers: Self.jsonHeaders.merging(["ETag": "\"\(etag)\""]) { $1 }, body: body)
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
