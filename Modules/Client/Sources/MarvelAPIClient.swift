import Foundation
import HTTPTypes

/// Calls Marvel API endpoints over an `HTTPClient`, signs them, and decodes envelopes and errors.
public struct MarvelAPIClient: Sendable {
    /// The retired public Marvel API.
    public static let defaultBaseURL = URL(string: "https://gateway.marvel.com")!

    private let http: any HTTPClient
    private let baseURL: URL
    private let authorization: MarvelAuthorization?
    private let timestamp: @Sendable () -> String

    /// A client sending through `http` to `baseURL`, signing with `authorization` when given;
    /// `timestamp` makes each request's `ts`.
    public init(
        http: any HTTPClient,
        baseURL: URL = MarvelAPIClient.defaultBaseURL,
        authorization: MarvelAuthorization? = nil,
        timestamp: @escaping @Sendable () -> String = { String(Int(Date().timeIntervalSince1970)) }
    ) {
        self.http = http
        self.baseURL = baseURL
        self.authorization = authorization
        self.timestamp = timestamp
    }

    /// The request that `get` sends for `endpoint`, signed if this client has keys.
    public func request(for endpoint: Endpoint) -> HTTPRequest {
        endpoint.request(baseURL: baseURL, extra: authorization?.parameters(timestamp: timestamp()) ?? [])
    }

    /// Fetches `endpoint` and decodes its envelope of `Result`s; throws `ClientError`.
    public func get<Result: Decodable & Sendable>(
        _ endpoint: Endpoint,
        as type: Result.Type
    ) async throws -> MarvelDataWrapper<Result> {
        let request = request(for: endpoint)
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let error as HTTPError {
            throw ClientError(error)
        }
        return try Self.decode(response, from: request.url)
    }

    static func decode<Result>(_ response: HTTPResponse, from url: URL) throws -> MarvelDataWrapper<Result> {
        let status = response.statusCode
        guard (200..<300).contains(status) else {
            throw errorFor(response, from: url)
        }
        guard !response.body.isEmpty else {
            throw ClientError.malformedBody(status: status, reason: "the body is empty", url: url)
        }
        guard response.bodyIsJSON else {
            throw ClientError.malformedBody(status: status, reason: "the body is not JSON: \(response.bodySnippet)", url: url)
        }
        do {
            return try JSONDecoder().decode(MarvelDataWrapper<Result>.self, from: response.body)
        } catch let error as DecodingError {
            throw ClientError.malformedBody(status: status, reason: error.summary, url: url)
        }
    }

    private static func errorFor(_ response: HTTPResponse, from url: URL) -> ClientError {
        let status = response.statusCode
        let message: String
        if response.body.isEmpty {
            message = "the server sent no body"
        } else if !response.bodyIsJSON {
            message = "the body is not JSON: \(response.bodySnippet)"
        } else {
            do {
                let body = try JSONDecoder().decode(MarvelErrorBody.self, from: response.body)
                return .api(status: status, code: body.code, message: body.message, url: url)
            } catch {
                message = "the body is not a Marvel error: \((error as? DecodingError)?.summary ?? "\(error)")"
            }
        }
        return .api(status: status, code: "", message: message, url: url)
    }
}
