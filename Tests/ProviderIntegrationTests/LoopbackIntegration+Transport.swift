import Client
import DataProviders
import Emulator
import EmulatorTesting
import HTTP
import HTTPServer
import HTTPServerTesting
import MarvelDataProviders
import Testing

/// How a test reaches an emulator: in process as an `HTTPClient`, or over a real socket with
/// `URLSessionHTTPClient` talking to a `LoopbackHTTPServer` on 127.0.0.1.
enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess
    case loopback

    var testDescription: String { rawValue }

    /// Runs `body` with a Marvel provider reaching `emulator` this way, signing with `keys`.
    func withProvider<T>(
        over emulator: MarvelAPIEmulator,
        keys: MarvelAuthorization? = nil,
        _ body: (MarvelCharacterProvider) async throws -> T
    ) async throws -> T {
        switch self {
        case .inProcess:
            return try await body(MarvelCharacterProvider(api: MarvelAPIClient(http: emulator, authorization: keys)))
        case .loopback:
            return try await LoopbackHTTPServer.serving({ emulator.respond(to: $0) }) { server in
                let api = MarvelAPIClient(http: URLSessionHTTPClient(timeout: 30), baseURL: server.baseURL, authorization: keys)
                return try await body(MarvelCharacterProvider(api: api))
            }
        }
    }
}
