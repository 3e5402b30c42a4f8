import Foundation

/// The site's front page, `index.html`: it sends a browser on to DocC's landing page,
/// `documentation/`, which lists every module with its summary, and links each module's page
/// itself for readers without JavaScript.
struct DocsLandingPage {
    /// The marker that tells a folder `workspace docs` wrote, which it may replace, from any other.
    static let generator = #"<meta name="generator" content="swift run workspace docs">"#

    /// The workspace's name, the page's title.
    let name: String
    /// The modules it links, in order.
    let targets: [DocumentedTarget]

    /// The page as HTML.
    var html: String {
        let links = targets.map { #"<li><a href="documentation/\#($0.name.lowercased())/">\#(Self.escaped($0.name))</a></li>"# }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            \(Self.generator)
            <meta http-equiv="refresh" content="0; url=documentation/">
            <title>\(Self.escaped(name)) documentation</title>
            </head>
            <body>
            <h1>\(Self.escaped(name))</h1>
            <p><a href="documentation/">Every module</a>, with search and navigation.</p>
            <ul>
            \(links.joined(separator: "\n"))
            </ul>
            </body>
            </html>

            """
    }

    /// `text` with the characters HTML gives a meaning written as entities.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
