/// The parts of a request head that name what is asked for: the request target and `Host`.
enum RequestTarget {
    /// The path and query of `target` in origin form (`/path?query`) or absolute form
    /// (`http://host:port/path?query`, RFC 9112 §3.2.2: its authority is ignored, as `Host` is);
    /// nil for any other form, an absolute form of another scheme, or one with no valid host.
    static func originForm(of target: String) -> String? {
        if target.hasPrefix("/") { return target }
        guard let separator = target.range(of: "://"), ["http", "https"].contains(target[..<separator.lowerBound].lowercased()) else {
            return nil
        }
        let rest = target[separator.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let host = hostName(of: rest[..<authorityEnd]), !host.isEmpty else { return nil }
        let pathAndQuery = rest[authorityEnd...]
        return pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery
    }

    /// `target` (a path and query) as a URL may hold it: each byte a URL's path or query may not
    /// hold percent-encoded, a `%` that starts no escape as `%25`, well-formed escapes kept.
    static func encodedForURL(_ target: String) -> String {
        let bytes = Array(target.utf8)
        var encoded = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                encoded += String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                index += 3
                continue
            }
            if isNameByte(byte) || ":@/?#".utf8.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars += ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            index += 1
        }
        return encoded
    }

    /// The host of `text` if it is `host[:port]` as `Host` and an http URL's authority hold it
    /// (RFC 9110 §7.2, RFC 3986 §3.2.2): a bracketed IP literal, or a name or IPv4 address of
    /// unreserved and sub-delimiter characters and percent escapes; then digits after a colon.
    /// The host may be empty; nil when `text` is not of that form.
    static func hostName(of text: Substring) -> Substring? {
        let host: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let literal = text[text.index(after: text.startIndex)..<close].utf8
            guard !literal.isEmpty, literal.allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: ":") }) else { return nil }
            host = text[...close]
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            host = text[..<colon]
            guard isRegisteredName(host.utf8) else { return nil }
            rest = text[colon...]
        }
        guard rest.isEmpty || (rest.first == ":" && rest.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) }) else { return nil }
        return host
    }

    /// Whether `bytes` are unreserved or sub-delimiter characters and well-formed percent escapes.
    private static func isRegisteredName(_ bytes: Substring.UTF8View) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let digits = bytes[bytes.index(after: index)...].prefix(2)
                guard digits.count == 2, digits.allSatisfy(isHexDigit) else { return false }
                index = digits.endIndex
                continue
            }
            guard isNameByte(byte) else { return false }
            index = bytes.index(after: index)
        }
        return true
    }

    /// Whether `byte` is an unreserved or sub-delimiter character (RFC 3986 §2.2, §2.3).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
