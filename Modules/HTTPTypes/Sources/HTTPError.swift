import Foundation
import Redaction

/// Why an HTTP exchange failed below the level of any API: the network, the clock, or a
/// response that is not HTTP the client can read. URLs in messages never carry their query.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
    /// The request did not reach the server, or no answer came back.
    case transport(url: URL, reason: String)
    /// No answer came within the time limit.
    case timedOut(url: URL)
    /// The answer was larger than `limit` bytes (counted after decompression), so it was cut off.
    case responseTooLarge(url: URL, limit: Int)
    /// The server answered with `status` but a body the client refuses to read (an encoding it
    /// never inflates, a malformed length).
    case malformedResponse(status: Int, reason: String, url: URL)

    /// The error as one line for a person.
    public var description: String {
        switch self {
        case .transport(let url, let reason):
            "Could not reach \(url.redacted): \(reason)"
        case .timedOut(let url):
            "\(url.redacted) did not answer in time"
        case .responseTooLarge(let url, let limit):
            "\(url.redacted) sent more than \(limit) bytes (after decompression), the most accepted"
        case .malformedResponse(let status, let reason, let url):
            "\(url.redacted) answered \(status) with a body that is not the expected JSON: \(reason)"
        }
    }

    /// Whether the same request may succeed later: transport failures and time-outs.
    public var isTransient: Bool {
        switch self {
        case .transport, .timedOut: true
        case .responseTooLarge, .malformedResponse: false
        }
    }
}

extension URL {
    /// The URL as a message shows it: without its query, so API keys and hashes are never
    /// printed, and without its user information (`Redaction.url`), so a password never is.
    public var redacted: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return Redaction.url(absoluteString) }
        components.query = nil
        return Redaction.url(components.string ?? absoluteString)
    }
}
