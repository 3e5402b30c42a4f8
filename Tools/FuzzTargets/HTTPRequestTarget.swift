import Foundation
import HTTP
import HTTPTypes

extension FuzzTarget {
    /// Bytes as a request to the emulator's server; and a request built from them, written by the client.
    static let httpRequest = FuzzTarget(
        name: "http-request",
        checks: """
            HTTPWire.readRequest (the server's reader) reads the input after its first two bytes (how the stream \
            is cut into reads, the head and body bounds) the same whether it arrives at once or in pieces, never \
            accepts a body over its bound, a header name that is not a token, a head with a CR or LF outside a \
            CRLF pair, more than one Host line, or HTTP/1.1 without one; a request built from the input and \
            written by PlainHTTPClient's writer reads back as built, with the headers the client adds.
            """
    ) { bytes throws(FuzzFailure) in
        var input = FuzzInput(bytes)
        let seed = input.byte()
        let bounds = input.byte()
        let maxHeadBytes = 32 + Int(bounds & 0x0F) * 64
        let maxBodyBytes = Int(bounds >> 4) * 32
        let stream = input.rest()
        let whole = readRequest(stream, seed: 0, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        let pieces = readRequest(stream, seed: seed, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        try require(whole == pieces, "read at once: \(whole); in pieces (seed \(seed)): \(pieces)")
        if case .request(let request) = whole {
            try require(request.body.count <= maxBodyBytes, "a \(request.body.count)-byte body was accepted over \(maxBodyBytes)")
            try require(request.headers.keys.allSatisfy(isToken), "a header name that is not a token was accepted: \(request.headers)")
            try checkAcceptedHead(stream)
        }
        var builder = FuzzInput(bytes)
        try checkWrittenRequest(builder.request(), seed: builder.byte())
    }
}

/// What reading a request gave, comparable.
private enum Read: Equatable {
    case request(HTTPRequest)
    case rejected(status: Int, reason: String)
    case closed
}

private func readRequest(_ stream: [UInt8], seed: UInt8, maxHeadBytes: Int, maxBodyBytes: Int) -> Read {
    let pieces = ChunkedStream(stream, seed: seed)
    let incoming = HTTPWire.readRequest(
        port: 8080, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes, receive: { pieces.receive(into: &$0) }, sendContinue: {})
    switch incoming {
    case .request(let request): return .request(request)
    case .rejected(let status, let reason): return .rejected(status: status, reason: reason)
    case .closed: return .closed
    }
}

/// `request` written by `plainHTTPBytes` and read by `HTTPWire` is `request` as the server names it.
private func checkWrittenRequest(_ request: HTTPRequest, seed: UInt8) throws(FuzzFailure) {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
    let path = components?.percentEncodedPath ?? ""
    let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
    let target = "\(path.isEmpty ? "/" : path)\(query)"
    var expected = HTTPRequest(
        method: request.method, url: URL(string: "http://127.0.0.1:8080\(target)")!,
        headers: ["Host": "example.com:8080", "Accept-Encoding": "identity", "Connection": "close"], body: request.body, target: target)
    let managed: Set<String> = ["host", "connection", "content-length", "accept-encoding", "transfer-encoding"]
    for (name, value) in request.headers where !managed.contains(name.lowercased()) {
        expected.headers[name] = value.removingScalars(in: "\r\n").trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
    if !request.body.isEmpty { expected.headers["Content-Length"] = String(request.body.count) }
    let read = readRequest(request.plainHTTPBytes(host: "example.com"), seed: seed, maxHeadBytes: 1 << 16, maxBodyBytes: 1 << 16)
    try require(read == .request(expected), "\(request), written by the client, read back as \(read), not \(expected)")
}

/// An accepted request's head (up to its first blank line) ends every line in CRLF and has one
/// Host line, or none in HTTP/1.0.
private func checkAcceptedHead(_ stream: [UInt8]) throws(FuzzFailure) {
    let crlf: [UInt8] = [13, 10]
    var lines: [[UInt8]] = []
    var start = 0
    while start + 1 < stream.count, let end = stream[start...].firstRange(of: crlf)?.lowerBound, end > start {
        lines.append(Array(stream[start..<end]))
        start = end + 2
    }
    for line in lines {
        try require(!line.contains(10) && !line.contains(13), "a head line with a bare CR or LF was accepted: \(line)")
    }
    let hosts = lines.dropFirst().filter { String(decoding: $0.prefix(5), as: UTF8.self).lowercased() == "host:" }.count
    let version = lines.first.map { String(decoding: $0.suffix(9), as: UTF8.self) } ?? ""
    try require(hosts == 1 || (hosts == 0 && version == " HTTP/1.0"), "a head with \(hosts) Host lines was accepted (\(version))")
}

extension FuzzInput {
    /// A request to example.com:8080 with a token method, a path and query, up to four headers
    /// (token names, as the caller's code gives them; any value) and a body of up to 200 bytes.
    mutating func request() -> HTTPRequest {
        let method = bool() ? ["GET", "POST", "HEAD", "DELETE"][int(in: 0...3)] : "M" + string(maxCount: 6, of: tokenCharacters)
        let path = "/" + string(maxCount: 30, alphabet: "abc/%20?=&.~")
        let url = URL(string: "http://example.com:8080" + path) ?? URL(string: "http://example.com:8080/")!
        var headers: [String: String] = [:]
        for _ in 0..<int(in: 0...4) {
            let name =
                bool() ? headerNameChoices[int(in: 0...headerNameChoices.count - 1)] : "X-" + string(maxCount: 6, of: tokenCharacters)
            headers[name] = string(maxCount: 24, alphabet: headerValueCharacters)
        }
        return HTTPRequest(method: method, url: url, headers: headers, body: Data(bytes(maxCount: 200)))
    }
}
