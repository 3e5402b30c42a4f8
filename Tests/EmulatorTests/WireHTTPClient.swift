import Emulator
import Foundation
import HTTP
import HTTPTypes

/// An `HTTPClient` that carries each request to an emulator as bytes, the way `serve` does
/// without the sockets: written as `PlainHTTPClient` writes it, read by the server's reader,
/// answered by the emulator, written by the server's writer and read back by the client's reader.
struct WireHTTPClient: HTTPClient {
    let emulator: MarvelAPIEmulator

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (response, method) = Self.serve(emulator, request.plainHTTPBytes(host: request.url.host() ?? "127.0.0.1"))
        let answer = ByteSource(HTTPWire.bytes(of: response, forMethod: method))
        var reader = PlainHTTPReader(
            url: request.url, idleTimeout: .seconds(1), isCancelled: { false },
            receive: { buffer, _ in answer.take(into: &buffer).map { .bytes($0) } ?? .end })
        return try reader.response(to: request.method, maxHeadBytes: 64 * 1024, maxBodyBytes: 8 << 20)
    }

    /// What `emulator` answers to `request`, sent as raw bytes and read by the server's reader.
    static func answer(_ emulator: MarvelAPIEmulator, toRaw request: String) -> HTTPResponse {
        serve(emulator, Array(request.utf8)).response
    }

    /// The response to `bytes` as the server makes it (the reader's refusal, or the emulator's
    /// answer) and the method it answers.
    private static func serve(_ emulator: MarvelAPIEmulator, _ bytes: [UInt8]) -> (response: HTTPResponse, method: String) {
        let source = ByteSource(bytes)
        switch HTTPWire.readRequest(port: 8080, receive: { source.take(into: &$0).map { .bytes($0) } ?? .end }, sendContinue: {}) {
        case .request(let read): return (emulator.respond(to: read), read.method)
        case .rejected(let status, let reason): return (HTTPWire.rejection(status: status, reason: reason), "GET")
        case .closed: return (HTTPResponse(statusCode: 0), "GET")
        }
    }
}

/// Bytes handed out as a socket's reads would be: as much as fits, then nil for the end.
private final class ByteSource {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) {
        rest = bytes[...]
    }

    func take(into buffer: inout [UInt8]) -> Int? {
        guard !rest.isEmpty else { return nil }
        let count = min(rest.count, buffer.count)
        buffer.replaceSubrange(0..<count, with: rest.prefix(count))
        rest = rest.dropFirst(count)
        return count
    }
}
