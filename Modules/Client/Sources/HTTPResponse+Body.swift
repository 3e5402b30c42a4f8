import Foundation
import HTTPTypes

extension HTTPResponse {
    /// Whether the body parses as JSON.
    var bodyIsJSON: Bool {
        (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
    }

    /// The start of the body on one line, with its content type, for error messages:
    /// `(text/html) <html>Bad Gateway</html>`.
    var bodySnippet: String {
        let limit = 80
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        guard let type = header("Content-Type") else { return cut }
        return "(\(type)) \(cut)"
    }
}
