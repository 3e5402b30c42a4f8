import HTTP
import HTTPTypes
import Sockets

/// What the server's reader makes of `text`, read as one piece, followed by the end of the
/// stream, or by silence until the deadline when `heldOpen` (a client waiting for an answer).
func readRequest(_ text: String, heldOpen: Bool = false) -> HTTPWire.Incoming {
    readRequest(bytes: Array(text.utf8), heldOpen: heldOpen)
}

/// What the server's reader makes of `bytes` (which need not be UTF-8), as `readRequest(_:)` reads text.
func readRequest(bytes: [UInt8], heldOpen: Bool = false) -> HTTPWire.Incoming {
    var pending = [bytes]
    return HTTPWire.readRequest(
        port: 8080,
        receive: { buffer in
            guard !pending.isEmpty else { return heldOpen ? .timedOut : .end }
            let piece = pending.removeFirst()
            buffer.replaceSubrange(0..<piece.count, with: piece)
            return .bytes(piece.count)
        }, sendContinue: {})
}

extension HTTPWire.Incoming {
    /// The status of a refusal, 200 for a request, 0 for a closed connection.
    var status: Int {
        switch self {
        case .request: 200
        case .rejected(let status, _): status
        case .closed: 0
        }
    }

    /// The request read, if any.
    var request: HTTPRequest? {
        if case .request(let request) = self { request } else { nil }
    }

    /// The reason given for a refusal, if any.
    var reason: String? {
        if case .rejected(_, let reason) = self { reason } else { nil }
    }
}
