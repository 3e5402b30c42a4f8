import Foundation
import HTTPTypes

/// A Marvel API endpoint: a path below the base URL and its query parameters.
public struct Endpoint: Sendable, Equatable {
    /// The path, such as `/v1/public/characters`.
    public let path: String
    /// The query parameters, in order; authorization parameters are added when sending.
    public let query: [QueryParameter]

    /// An endpoint with the given path and query.
    public init(path: String, query: [QueryParameter] = []) {
        self.path = path
        self.query = query
    }

    /// `GET /v1/public/characters`: a page of characters, with the `filters` (Marvel's filter
    /// and `orderBy` parameters) after the paging.
    public static func characters(offset: Int, limit: Int, filters: [QueryParameter] = []) -> Endpoint {
        Endpoint(path: "/v1/public/characters", query: [QueryParameter("offset", offset), QueryParameter("limit", limit)] + filters)
    }

    /// `GET /v1/public/characters/{id}`: one character.
    public static func character(id: Int) -> Endpoint {
        Endpoint(path: "/v1/public/characters/\(id)")
    }

    /// The request for this endpoint below `baseURL` (a path prefix such as
    /// `http://host/marvel/api/` is kept), with `extra` parameters appended, each written as
    /// `QueryParameter.percentEncoded` says; `request(baseURL:).urlRequest` is the Foundation
    /// `URLRequest`.
    public func request(baseURL: URL, extra: [QueryParameter] = []) -> HTTPRequest {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + path
        components.fragment = nil
        let parameters = query + extra
        components.percentEncodedQuery = parameters.isEmpty ? nil : parameters.map(\.percentEncoded).joined(separator: "&")
        let url = components.url ?? baseURL
        return HTTPRequest(url: url, headers: ["Accept": "application/json"])
    }
}
