/// A Swift tokenizer deep enough to find declarations the way the compiler reads them: it knows
/// comments (nested `/* /* */ */` too), string literals (single-line, multi-line `"""`, raw
/// `#"…"#` with any number of `#`, and interpolations `\(…)` holding more strings), regex
/// literals (`/…/` and `#/…/#`), backticked identifiers, attributes, `#` keywords, numbers,
/// operators and punctuation. It works on UTF-8 bytes and never fails: text it cannot make sense
/// of becomes operators or unterminated literals, as the compiler would report them.
public struct SwiftTokenizer {
    /// What a token is.
    public enum Kind: UInt8, Sendable {
        /// A name or keyword; `escaped` when written in backticks.
        case identifier
        /// A `#` keyword such as `#if`, `#endif`, `#expect`.
        case poundKeyword
        /// `@` and a name: `@testable`, `@_spi`.
        case attribute
        /// A string literal of any kind, interpolations included.
        case string
        /// A regex literal.
        case regex
        /// A number.
        case number
        /// A run of operator characters.
        case `operator`
        /// One of `( ) [ ] { } , : ; .` and anything else on its own.
        case punctuation
    }

    /// One token: its kind, its bytes (`start..<end`, backticks excluded) and the line it starts on.
    public struct Token: Sendable {
        /// What the token is.
        public let kind: Kind
        /// The offset of its first byte (after the backtick of an escaped name).
        public let start: Int
        /// The offset just past its last byte (before the closing backtick of an escaped name).
        public let end: Int
        /// The line it starts on, counted from 1.
        public let line: Int
        /// Written in backticks: an identifier even when it spells a keyword.
        public let escaped: Bool
    }

    /// The tokens of `bytes`, and the ranges of its comments (which are not tokens).
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> (tokens: [Token], comments: [Range<Int>]) {
        var tokenizer = SwiftTokenizer(bytes: bytes)
        tokenizer.tokens.reserveCapacity(bytes.count / 4)
        while let token = tokenizer.next() { tokenizer.tokens.append(token) }
        return (tokenizer.tokens, tokenizer.comments)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var tokens: [Token] = []
    private var comments: [Range<Int>] = []
    /// How deep in interpolations the tokenizer is; past `maximumNesting` an interpolation's
    /// parentheses are counted without reading the strings inside, so hostile nesting cannot
    /// exhaust the stack.
    private var nesting = 0
    private static let maximumNesting = 64
    /// The last token read at this nesting, which decides whether `/` starts a regex literal.
    private var previous: Token?

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func at(_ position: Int) -> UInt8 {
        position < bytes.count ? bytes[position] : 0
    }

    /// The next token, skipping whitespace and recording comments; nil at the end.
    private mutating func next() -> Token? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                index += 1
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                comments.append(start..<index)
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                let token = token(startingWith: byte)
                previous = token
                return token
            }
        }
        return nil
    }

    private mutating func skipBlockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && at(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        comments.append(start..<index)
    }

    private mutating func token(startingWith byte: UInt8) -> Token {
        let start = index
        let startLine = line
        func make(_ kind: Kind, _ from: Int = start, _ to: Int? = nil, escaped: Bool = false) -> Token {
            Token(kind: kind, start: from, end: to ?? index, line: startLine, escaped: escaped)
        }
        if Self.startsIdentifier(byte) {
            index += 1
            while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
            return make(.identifier)
        }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            while index < bytes.count {
                let next = bytes[index]
                if Self.continuesIdentifier(next) || (next == UInt8(ascii: ".") && Self.isDigit(at(index + 1))) {
                    index += 1
                } else {
                    break
                }
            }
            return make(.number)
        case UInt8(ascii: "\""):
            skipString(hashes: 0)
            return make(.string)
        case UInt8(ascii: "#"):
            var hashes = 0
            while at(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
            if at(index + hashes) == UInt8(ascii: "\"") {
                index += hashes
                skipString(hashes: hashes)
                return make(.string)
            }
            if at(index + hashes) == UInt8(ascii: "/") {
                index += hashes + 1
                skipExtendedRegex(hashes: hashes)
                return make(.regex)
            }
            index += 1
            if Self.startsIdentifier(at(index)) {
                while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
                return make(.poundKeyword)
            }
            return make(.punctuation)
        case UInt8(ascii: "@"):
            index += 1
            if Self.startsIdentifier(at(index)) {
                while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
                return make(.attribute)
            }
            return make(.punctuation)
        case UInt8(ascii: "`"):
            var end = index + 1
            while end < bytes.count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            guard at(end) == UInt8(ascii: "`"), end > index + 1 else {
                index += 1
                return make(.punctuation)
            }
            index = end + 1
            return make(.identifier, start + 1, end, escaped: true)
        case UInt8(ascii: "/") where startsBareRegex():
            return make(.regex)
        default:
            if Self.isOperator(byte) {
                index += 1
                while index < bytes.count && Self.isOperator(bytes[index]) {
                    // `//` and `/*` start a comment, even right after an operator.
                    if bytes[index] == UInt8(ascii: "/") && (at(index + 1) == UInt8(ascii: "/") || at(index + 1) == UInt8(ascii: "*")) {
                        break
                    }
                    index += 1
                }
                return make(.operator)
            }
            index += 1
            return make(.punctuation)
        }
    }

    /// Skips a string literal from its first `"` (after `hashes` `#`), interpolations included.
    private mutating func skipString(hashes: Int) {
        let multiline = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hasHashes(hashes, at: index + 1) {
                let escaped = index + 1 + hashes
                if at(escaped) == UInt8(ascii: "(") {
                    index = escaped + 1
                    skipInterpolation()
                } else {
                    if at(escaped) == UInt8(ascii: "\n") { line += 1 }
                    index = min(bytes.count, escaped + 1)
                }
            } else if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
                if !multiline { return }  // unterminated: the compiler stops the literal here too
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (!multiline || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")))
                    && hasHashes(hashes, at: index + quotes)
                {
                    index += quotes + hashes
                    return
                }
                index += 1
            } else {
                index += 1
            }
        }
    }

    /// Skips the code of an interpolation, after its `(`, up to and including its `)`.
    private mutating func skipInterpolation() {
        nesting += 1
        defer { nesting -= 1 }
        let saved = previous
        let commentCount = comments.count
        defer {
            previous = saved
            comments.removeSubrange(commentCount...)  // inside the string, which hides them already
        }
        previous = nil
        var depth = 1
        guard nesting <= Self.maximumNesting else {
            while index < bytes.count && depth > 0 {
                if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return
        }
        while let token = next() {
            guard token.kind == .punctuation else { continue }
            if bytes[token.start] == UInt8(ascii: "(") { depth += 1 }
            if bytes[token.start] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Skips an extended regex literal after its `#…#/`, up to and including `/#…#`.
    private mutating func skipExtendedRegex(hashes: Int) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                if at(index + 1) == UInt8(ascii: "\n") { line += 1 }
                index = min(bytes.count, index + 2)
            } else if byte == UInt8(ascii: "/") && hasHashes(hashes, at: index + 1) {
                index += 1 + hashes
                return
            } else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }

    /// Whether the `/` at `index` starts a bare regex literal, as Swift 6 reads one: where an
    /// expression may start (not after a value, so `a / b` and `a/b` divide), not followed by a
    /// space, a tab, `)` or `,`, and closed by an unescaped `/` on the same line. When it does,
    /// skips the literal. Where this guess differs from the compiler's, reading a regex costs at
    /// most the rest of one line, where reading its quotes as a string could hide many.
    private mutating func startsBareRegex() -> Bool {
        if let previous {
            switch previous.kind {
            case .identifier:
                guard !previous.escaped, Self.keywordsBeforeAnExpression.contains(text(previous)) else { return false }
            case .string, .regex, .number, .poundKeyword:
                return false
            case .punctuation:
                let byte = bytes[previous.start]
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
                    return false
                }
            case .operator, .attribute:
                break
            }
        }
        let first = at(index + 1)
        guard ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: ")"), UInt8(ascii: ","), 0].contains(first) else {
            return false
        }
        var end = index + 1
        var inClass = false
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\n") { return false }
            if byte == UInt8(ascii: "\\") {
                end += 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            if byte == UInt8(ascii: "/") && !inClass {
                index = end + 1
                return true
            }
            end += 1
        }
        return false
    }

    private func hasHashes(_ count: Int, at position: Int) -> Bool {
        for offset in 0..<count where at(position + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    private func text(_ token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// Keywords after which an expression starts, so a `/` there opens a regex literal.
    private static let keywordsBeforeAnExpression: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "switch", "yield",
    ]

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default: false
        }
    }
}
