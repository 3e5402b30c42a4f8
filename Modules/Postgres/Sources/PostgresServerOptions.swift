import Foundation

/// A URL's `options`: server settings sent when connecting, read here as the server reads them
/// (words split at unescaped spaces, `-c name=value`, `-cname=value` or `--name=value`, names
/// without regard to case and with `-` for `_`). Settings the program's readers rely on are
/// refused, as is anything but a setting; the statement time-out, when given, is kept.
struct PostgresServerOptions: Equatable {
    /// The settings the program makes itself, by their lowercase names, and how they are written.
    static let ours = [
        "client_encoding": "client_encoding", "datestyle": "DateStyle", "intervalstyle": "IntervalStyle", "timezone": "TimeZone",
        "standard_conforming_strings": "standard_conforming_strings", "bytea_output": "bytea_output",
        "extra_float_digits": "extra_float_digits",
    ]

    /// The `statement_timeout` the options set (the last, when several do), or nil.
    private(set) var statementTimeout: Duration?

    /// The settings of `text`; throws `invalidURL` naming what is not accepted.
    init(_ text: String) throws(PostgresError) {
        var words = Self.words(text).makeIterator()
        while let word = words.next() {
            let setting: String
            if word == "-c" {
                guard let next = words.next() else { throw Self.invalid("-c is not followed by name=value") }
                setting = next
            } else if word.hasPrefix("--") || word.hasPrefix("-c") {
                setting = String(word.dropFirst(2))
            } else {
                throw Self.invalid("they may hold only server settings (-c name=value or --name=value)")
            }
            guard let equals = setting.firstIndex(of: "="), equals > setting.startIndex else {
                throw Self.invalid("a setting is not written name=value")
            }
            let name = setting[..<equals].lowercased().replacingOccurrences(of: "-", with: "_")
            if let written = Self.ours[name] {
                throw Self.invalid("\(written) is the program's own setting: its readers rely on the value it sets")
            }
            if name == "statement_timeout" {
                statementTimeout = try Self.time(setting[setting.index(after: equals)...])
            }
        }
    }

    /// The words of `text` as the server splits them: at spaces not escaped by a backslash.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// A `statement_timeout` value (a number with an optional unit, milliseconds by default) as
    /// a duration of at least a millisecond.
    static func time(_ text: Substring) throws(PostgresError) -> Duration {
        let trimmed = text.trimmingPrefix(while: \.isWhitespace)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = String(trimmed.dropFirst(number.count)).trimmingCharacters(in: .whitespaces)
        let milliseconds = ["us": 0.001, "ms": 1, "": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000]
        guard let value = Double(number), let scale = milliseconds[unit], (value * scale).rounded() >= 1, value * scale <= Double(Int32.max)
        else {
            throw invalid(
                "statement_timeout must be a time from 1 ms to 24 days, such as 30000 or 30s (0 would let a statement wait without bound)")
        }
        return .milliseconds(Int64((value * scale).rounded()))
    }

    private static func invalid(_ message: String) -> PostgresError {
        PostgresURL.invalid("the parameter options is not accepted: \(message)")
    }
}
