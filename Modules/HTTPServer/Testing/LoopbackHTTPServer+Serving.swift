import HTTPServer

extension LoopbackHTTPServer {
    /// Runs `body` with a server on a free 127.0.0.1 port answering with `handler` within the
    /// given bounds, and stops the server afterwards, whether `body` returns or throws.
    public static func serving<T>(
        maxConnections: Int = defaultMaxConnections,
        requestTimeout: Duration = defaultRequestTimeout,
        _ handler: @escaping Handler,
        _ body: (LoopbackHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try LoopbackHTTPServer(maxConnections: maxConnections, requestTimeout: requestTimeout, handler: handler)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
