/// Sends HTTP requests. The URLSession client, the offline emulator and test doubles conform.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, whatever its status; throws `HTTPError` on
    /// transport failures and time-outs.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
