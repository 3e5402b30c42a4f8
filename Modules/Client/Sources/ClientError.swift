import Foundation
import HTTPTypes

/// Why a Marvel API call failed, with what the server or the network said.
public enum ClientError: Error, Equatable, CustomStringConvertible {
    /// The server answered with an error status and, where it sent one, Marvel's error body
    /// (`code` is empty when the body is not Marvel's, and `message` then says what it is).
    case api(status: Int, code: String, message: String, url: URL)
    /// The server's answer could not be read as the expected JSON.
    case malformedBody(status: Int, reason: String, url: URL)
    /// The request did not reach the server, or no answer came back.
    case transport(url: URL, reason: String)
    /// No answer came within the time limit.
    case timedOut(url: URL)
    /// The answer was larger than `limit` bytes (counted after decompression), so it was cut off.
    case responseTooLarge(url: URL, limit: Int)

    /// The HTTP status the server answered with, if it answered.
    public var status: Int? {
        switch self {
        case .api(let status, _, _, _), .malformedBody(let status, _, _): status
        case .transport, .timedOut, .responseTooLarge: nil
        }
    }

    /// The same failure, seen from the Marvel API client.
    public init(_ error: HTTPError) {
        switch error {
        case .transport(let url, let reason): self = .transport(url: url, reason: reason)
        case .timedOut(let url): self = .timedOut(url: url)
        case .responseTooLarge(let url, let limit): self = .responseTooLarge(url: url, limit: limit)
        case .malformedResponse(let status, let reason, let url): self = .malformedBody(status: status, reason: reason, url: url)
        }
    }

    /// The error as one line for a person; URLs never carry their query.
    public var description: String {
        switch self {
        case .api(let status, let code, let message, let url):
            code.isEmpty ? "\(url.redacted) answered \(status): \(message)" : "\(url.redacted) answered \(status) (\(code)): \(message)"
        case .malformedBody(let status, let reason, let url):
            "\(url.redacted) answered \(status) with a body that is not the expected JSON: \(reason)"
        case .transport(let url, let reason):
            "Could not reach \(url.redacted): \(reason)"
        case .timedOut(let url):
            "\(url.redacted) did not answer in time"
        case .responseTooLarge(let url, let limit):
            "\(url.redacted) sent more than \(limit) bytes (after decompression), the most accepted"
        }
    }
}
