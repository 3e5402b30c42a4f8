import Foundation
import HTTP
import HTTPServer
import HTTPTesting
import HTTPTypes
import TestSupport
import Testing

/// Both clients that reach real servers meet the same contract, against the emulator's server.
@Suite(.onOwnThread) struct HTTPClientContractTests {
    /// The contract's server: a `LoopbackHTTPServer` on a free port.
    struct Loopback: HTTPClientContract.Server {
        func serving<T>(_ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse, _ body: (URL) async throws -> T) async throws
            -> T
        {
            try await LoopbackHTTPServer.serving(handler) { try await body($0.baseURL) }
        }
    }

    @Test(arguments: HTTPClientContract.Spec.allCases)
    func plainHTTPClient(_ spec: HTTPClientContract.Spec) async throws {
        try await HTTPClientContract.verify(spec, server: Loopback()) { PlainHTTPClient(timeout: $0, maxResponseBytes: $1) }
    }

    @Test(arguments: HTTPClientContract.Spec.allCases)
    func urlSessionHTTPClient(_ spec: HTTPClientContract.Spec) async throws {
        try await HTTPClientContract.verify(spec, server: Loopback()) { URLSessionHTTPClient(timeout: $0, maxResponseBytes: $1) }
    }
}
