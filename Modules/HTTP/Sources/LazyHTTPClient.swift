import HTTPTypes
import Synchronization

/// An `HTTPClient` that makes its real client on the first request, so a program that never
/// sends one (every answer came from a cache) never pays for it.
///
/// If making the client throws, that request throws the error and the next one tries again.
public final class LazyHTTPClient: HTTPClient {
    private let make: @Sendable () throws -> any HTTPClient
    private let made = Mutex<(any HTTPClient)?>(nil)

    /// A client that calls `make` once, on the first request that needs it.
    public init(_ make: @escaping @Sendable () throws -> any HTTPClient) {
        self.make = make
    }

    /// Sends through the client, made by the first call.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await client().send(request)
    }

    /// Whether the real client has been made.
    public var isLoaded: Bool {
        made.withLock { $0 != nil }
    }

    private func client() throws -> any HTTPClient {
        try made.withLock { made in
            if let made { return made }
            let client = try make()
            made = client
            return client
        }
    }
}
