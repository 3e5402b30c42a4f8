import Foundation
import HTTPTypes
import TestSupport
import Testing

/// The server the browser tests open the site through: a path names a file below the folder, a
/// folder its `index.html`, and nothing outside the folder.
@Suite struct StaticFileServerTests {
    private let folder: ScratchDirectory

    init() throws {
        folder = try ScratchDirectory(prefix: "excelsior-static-site", files: ["index.html": "<p>front</p>", "secret.txt": "no"])
        let page = folder.url.appendingPathComponent("documentation/get(_:for:)")
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
        try Data("<p>page</p>".utf8).write(to: page.appendingPathComponent("index.html"))
    }

    private func response(_ target: String) -> HTTPResponse {
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/")!, target: target)
        return StaticFileServer.response(to: request, from: folder.url)
    }

    @Test func aFolderIsServedAsItsIndexPageAndAPathIsReadPercentDecoded() {
        #expect(response("/").body == Data("<p>front</p>".utf8))
        #expect(response("/").header("Content-Type") == "text/html; charset=utf-8")
        #expect(response("/documentation/get%28_%3Afor%3A%29/?q=1").body == Data("<p>page</p>".utf8))
        #expect(response("/documentation/get(_:for:)").statusCode == 200)
    }

    @Test func whatIsMissingOrOutsideTheFolderIsNotFound() {
        #expect(response("/nothing.js").statusCode == 404)
        #expect(response("/documentation/../secret.txt").statusCode == 404)
        #expect(response("/documentation/%2E%2E/secret.txt").statusCode == 404)
    }
}
