import Foundation

/// An HTTP response as a value: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as 200 or 404.
    public var statusCode: Int
    /// Header fields by name, as the server sent them.
    public var headers: [String: String]
    /// The body, possibly empty.
    public var body: Data

    /// A response with the given parts.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
