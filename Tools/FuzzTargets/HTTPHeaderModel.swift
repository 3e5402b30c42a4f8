// What the HTTP targets build header fields from and expect of them, written out plainly.

/// The header names the HTTP targets pick from, managed ones among them.
let headerNameChoices = ["ETag", "etag", "Content-Type", "Retry-After", "Expect", "Content-Length", "Connection", "Host"]

/// The characters a made-up header name or method is drawn from.
let tokenCharacters = "abcXYZ09!#$%&'*+-.^_`|~"

/// The characters header values are drawn from when not from raw bytes: a lone combining mark
/// first (so it is a Character of its own), blanks, CR and LF alone and as a pair.
let headerValueCharacters = "\u{301} \tab:\u{E9}\r\n\n\r"

/// Whether `text` is an HTTP token, as a method or header name must be.
func isToken(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && !"\"(),/:;<=>?@[\\]{}".utf8.contains($0) }
}
