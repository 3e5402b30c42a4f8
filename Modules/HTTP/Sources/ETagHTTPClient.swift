import Foundation
import HTTPTypes
import Synchronization

/// An `HTTPClient` decorator for conditional GETs: it remembers the last good (200) response
/// that carried an ETag for each URL (signing parameters left out), asks again with
/// `If-None-Match`, and answers a 304 with the remembered response.
///
/// The ETag comes from the `ETag` header or, as Marvel sends it, the body's `etag` field.
/// At most `capacity` URLs are remembered; the least recently stored is forgotten first.
public final class ETagHTTPClient: HTTPClient {
    private struct Entry {
        let etag: String
        let response: HTTPResponse
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
    }

    /// Query parameters that differ on every call and so are left out of the cache key.
    public static let signingParameters: Set<String> = ["ts", "apikey", "hash"]

    private let base: any HTTPClient
    private let capacity: Int
    private let state = Mutex(State())

    /// Sends through `base`, remembering responses for at most `capacity` URLs.
    public init(_ base: any HTTPClient, capacity: Int = 256) {
        self.base = base
        self.capacity = max(1, capacity)
    }

    /// How many URLs have a remembered response.
    public var count: Int {
        state.withLock { $0.entries.count }
    }

    /// Sends, asking with a remembered ETag for a GET and answering a 304 with the remembered response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == "GET", request.header("If-None-Match") == nil else {
            return try await base.send(request)
        }
        let key = Self.key(for: request.url)
        let remembered = state.withLock { $0.entries[key] }
        var conditional = request
        if let remembered {
            conditional.headers["If-None-Match"] = remembered.etag
        }
        let response = try await base.send(conditional)
        if response.statusCode == 304, let remembered {
            return remembered.response
        }
        if response.statusCode == 200, let etag = Self.etag(of: response) {
            remember(Entry(etag: etag, response: response), for: key)
        }
        return response
    }

    private func remember(_ entry: Entry, for key: String) {
        state.withLock { state in
            state.order.removeAll { $0 == key }
            state.order.append(key)
            state.entries[key] = entry
            while state.order.count > capacity {
                state.entries[state.order.removeFirst()] = nil
            }
        }
    }

    /// `url` without its signing parameters: the same resource however it was signed.
    static func key(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        let kept = (components.queryItems ?? []).filter { !signingParameters.contains($0.name) }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? url.absoluteString
    }

    private struct BodyETag: Decodable {
        let etag: String?
    }

    private static func etag(of response: HTTPResponse) -> String? {
        if let header = response.header("ETag"), !header.isEmpty { return header }
        return (try? JSONDecoder().decode(BodyETag.self, from: response.body))?.etag.flatMap { $0.isEmpty ? nil : $0 }
    }
}
