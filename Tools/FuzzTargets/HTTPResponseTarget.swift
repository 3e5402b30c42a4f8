import Foundation
import HTTP
import HTTPTypes

extension FuzzTarget {
    /// Bytes as a server's answer to PlainHTTPClient; and a response built from them, written by the server's writer.
    static let httpResponse = FuzzTarget(
        name: "http-response",
        checks: """
            PlainHTTPReader (the client's) reads the input after its first three bytes (how the stream is cut \
            into reads, the head and body bounds, GET or HEAD) the same whether it arrives at once or in pieces, \
            and never accepts a body over its bound; a response built from the input and written by HTTPWire \
            (the server's writer) reads back as built, header values without CR and LF.
            """
    ) { bytes throws(FuzzFailure) in
        var input = FuzzInput(bytes)
        let seed = input.byte()
        let bounds = input.byte()
        let method = input.bool() ? "HEAD" : "GET"
        let maxHeadBytes = 16 + Int(bounds & 0x0F) * 64
        let maxBodyBytes = Int(bounds >> 4) * 32
        let stream = input.rest()
        let whole = readResponse(stream, seed: 0, method: method, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        let pieces = readResponse(stream, seed: seed, method: method, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        try require(whole == pieces, "read at once: \(whole); in pieces (seed \(seed)): \(pieces)")
        if case .success(let response) = whole {
            try require(response.body.count <= maxBodyBytes, "a \(response.body.count)-byte body was accepted over \(maxBodyBytes)")
            try require(method == "GET" || response.body.isEmpty, "a HEAD response came with a body")
        }
        var builder = FuzzInput(bytes)
        try checkWrittenResponse(builder.response(), method: builder.bool() ? "HEAD" : "GET", seed: builder.byte())
    }
}

/// What reading a response gave: the response, or the error's description.
private func readResponse(_ stream: [UInt8], seed: UInt8, method: String, maxHeadBytes: Int, maxBodyBytes: Int) -> Result<
    HTTPResponse, FuzzFailure
> {
    let pieces = ChunkedStream(stream, seed: seed)
    var reader = PlainHTTPReader(
        url: URL(string: "http://127.0.0.1/")!, idleTimeout: .seconds(1), isCancelled: { false },
        receive: { buffer, _ in pieces.receive(into: &buffer) })
    do {
        return .success(try reader.response(to: method, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes))
    } catch {
        return .failure(FuzzFailure(description: "\(error)"))
    }
}

/// `response` written by `HTTPWire.bytes` and read by `PlainHTTPReader` is `response` as HTTP carries it.
private func checkWrittenResponse(_ response: HTTPResponse, method: String, seed: UInt8) throws(FuzzFailure) {
    let status = response.statusCode
    let bodyAllowed = !((100..<200).contains(status) || status == 204 || status == 304)
    var expected = HTTPResponse(statusCode: status, headers: ["Connection": "close"], body: Data())
    for (name, value) in response.headers
    where isToken(name) && !["content-length", "connection", "transfer-encoding"].contains(name.lowercased()) {
        expected.headers[name] = value.removingScalars(in: "\r\n").trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
    if bodyAllowed {
        // A bodiless answer to HEAD keeps the length its own Content-Length declares (the body
        // a GET would have had), when that is a plain byte count; any other answer, its body's.
        let declared = response.header("Content-Length").flatMap { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int($0) : nil }
        let length = method == "HEAD" && response.body.isEmpty ? declared ?? 0 : response.body.count
        expected.headers["Content-Length"] = String(length)
        if method == "GET" { expected.body = response.body }
    }
    let read = readResponse(
        HTTPWire.bytes(of: response, forMethod: method), seed: seed, method: method, maxHeadBytes: 1 << 16, maxBodyBytes: 1 << 16)
    try require(read == .success(expected), "\(response) to \(method), written by HTTPWire, read back as \(read), not \(expected)")
}

extension FuzzInput {
    /// A response with a status, up to four headers (names mostly tokens, any value) and a body of up to 200 bytes.
    mutating func response() -> HTTPResponse {
        let status = bool() ? [200, 204, 304, 404, 100, 503][int(in: 0...5)] : int(in: 100...599)
        var headers: [String: String] = [:]
        for _ in 0..<int(in: 0...4) {
            let name =
                bool() ? headerNameChoices[int(in: 0...headerNameChoices.count - 1)] : "X-" + string(maxCount: 6, alphabet: tokenCharacters)
            headers[name] = string(maxCount: 24, alphabet: headerValueCharacters)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(bytes(maxCount: 200)))
    }
}
