import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP request as a value: what an `HTTPClient` sends.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, `GET` unless said otherwise.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Header fields by name.
    public var headers: [String: String]
    /// The body, empty unless said otherwise.
    public var body: Data
    /// The path and query exactly as the client sent them, when a server read the request off
    /// the wire; nil for a request made in code. `url` holds them with anything a URL cannot
    /// hold percent-encoded, so a malformed escape such as `%ZZ` is seen as such only here.
    public var target: String?

    /// A request for `url`; `target` is for servers, the path and query as they arrived.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data = Data(), target: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.target = target
    }

    /// The value of header `name`, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The same request as Foundation's `URLRequest`.
    public var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if !body.isEmpty {
            request.httpBody = body
        }
        return request
    }
}
