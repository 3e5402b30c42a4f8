import Foundation
import HTTPTypes

extension LoopbackHTTPServer {
    /// A handler that answers every request with `client`'s response (an in-process API, such as
    /// the Marvel emulator), and with a 500 naming the error when `client` throws.
    public static func forwarding(to client: any HTTPClient) -> Handler {
        { request in
            do {
                return try await client.send(request)
            } catch {
                return HTTPResponse(statusCode: 500, body: Data("\(error)\n".utf8))
            }
        }
    }
}
