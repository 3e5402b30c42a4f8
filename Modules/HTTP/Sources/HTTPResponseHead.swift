/// The status line and header fields of an HTTP/1.x response, as `PlainHTTPClient` reads them.
struct HTTPResponseHead: Equatable {
    var statusCode: Int
    var headers: [String: String]

    /// The value of header `name`, matched without regard to case: fields under more than one
    /// spelling (`Content-Length` and `content-length`) are joined as repeated fields are, in
    /// the order of their spellings, never one of them picked by a dictionary's order.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.key.caseInsensitiveCompare(name) == .orderedSame }.sorted { $0.key < $1.key }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The head in `bytes` (without the blank line that ends it), or why it is not HTTP/1.x.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPResponseHead, Malformed> {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let status = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard status.count >= 2, status[0] == "HTTP/1.1" || status[0] == "HTTP/1.0", status[1].utf8.count == 3,
            let code = Int(status[1]), (100...599).contains(code)
        else {
            return .failure(Malformed(reason: "'\(lines[0].prefix(60))' is not an HTTP/1.x status line"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .failure(Malformed(reason: "'\(line.prefix(60))' is not a header field"))
            }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...]).trimmingSpaces
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return .success(HTTPResponseHead(statusCode: code, headers: headers))
    }

    /// Why a head could not be read.
    struct Malformed: Error, Equatable {
        let reason: String
    }
}

extension String {
    /// The text without leading or trailing spaces and tabs, as Unicode scalars: a space before a
    /// combining mark is one Character with it, yet still the blank after a field's colon.
    fileprivate var trimmingSpaces: String {
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = unicodeScalars.firstIndex(where: { !isBlank($0) }), let end = unicodeScalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(unicodeScalars[start...end])
    }
}
