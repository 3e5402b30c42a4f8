import Foundation
import HTTPServer
import HTTPTypes

/// The files of a folder over loopback HTTP, as any static web server serves a site that
/// `workspace docs` built: a path names a file below the folder, a folder its `index.html`.
enum StaticFileServer {
    /// The content types of the files a DocC site holds, by extension.
    private static let contentTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "json": "application/json", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "txt": "text/plain; charset=utf-8",
    ]

    /// Runs `body` with a server on a free 127.0.0.1 port serving `folder`, and stops the server
    /// afterwards, whether `body` returns or throws.
    static func serving<T>(_ folder: URL, _ body: (URL) async throws -> T) async throws -> T {
        let server = try LoopbackHTTPServer { request in response(to: request, from: folder) }
        do {
            let result = try await body(server.baseURL)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The file `request` names below `folder`, or a 404; a path with a `..` segment names none.
    static func response(to request: HTTPRequest, from folder: URL) -> HTTPResponse {
        let target = request.target ?? request.url.path
        let path = target.prefix { $0 != "?" && $0 != "#" }
        let segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard !segments.contains("..") else { return HTTPResponse(statusCode: 404) }
        var file = segments.reduce(folder) { $0.appendingPathComponent($1) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            file.appendPathComponent("index.html")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return HTTPResponse(statusCode: 404) }
        let type = contentTypes[file.pathExtension.lowercased()] ?? "application/octet-stream"
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": type], body: data)
    }
}
