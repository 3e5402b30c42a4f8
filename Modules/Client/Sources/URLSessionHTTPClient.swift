import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClient` over Foundation's `URLSession` (FoundationNetworking on Linux).
public struct URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let timeout: TimeInterval

    /// A session without a URL cache or cookies, so every request reaches the server and
    /// conditional requests (`If-None-Match`, 304) are left to `ETagHTTPClient`.
    public static let uncachedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    /// A client on `session` that gives up on a request after `timeout` seconds.
    public init(session: URLSession = URLSessionHTTPClient.uncachedSession, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = request.urlRequest
        urlRequest.timeoutInterval = timeout
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: urlRequest) { data, response, error in
                continuation.resume(with: Self.result(for: request.url, data: data, response: response, error: error))
            }
            task.resume()
        }
    }

    private static func result(for url: URL, data: Data?, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, ClientError>
    {
        if let error {
            if (error as? URLError)?.code == .timedOut {
                return .failure(.timedOut(url: url))
            }
            return .failure(.transport(url: url, reason: error.localizedDescription))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(url: url, reason: "the response was not HTTP"))
        }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            headers[name] = value
        }
        return .success(HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data()))
    }
}
