import DataProviders
import Foundation

extension FuzzTarget {
    /// Bytes as a Marvel timestamp, and as the fields of one.
    static let marvelDate = FuzzTarget(
        name: "marvel-date",
        checks: """
            MarvelDate.parse accepts the input exactly when a plain reference reader (the fields split out, \
            checked with DateComponents in the Gregorian calendar) does, for years 1583–9999 where Foundation's \
            calendar is the proleptic one, and gives the same instant; iso8601 of what it parsed parses back to \
            it; the same for a timestamp written from fields the input picks, valid or a little out of range.
            """
    ) { bytes throws(FuzzFailure) in
        try checkDate(String(decoding: bytes, as: UTF8.self))
        var input = FuzzInput(bytes)
        try checkDate(input.timestamp())
    }
}

private func checkDate(_ text: String) throws(FuzzFailure) {
    let parsed = MarvelDate.parse(text)
    if let fields = DateFields(text), (1583...9999).contains(fields.year), fields.second < 60 {
        let reference = fields.date
        try require(
            parsed == reference, "'\(text)' parsed as \(String(describing: parsed)), the reference read \(String(describing: reference))")
    }
    guard let parsed else { return }
    let written = MarvelDate.iso8601(parsed)
    try require(MarvelDate.parse(written) == parsed, "'\(text)' parsed as \(parsed), written as '\(written)', which parses otherwise")
}

/// The fields of `[-]yyyy-MM-ddTHH:mm:ss` and a zone (`Z`, `±HHMM`, `±HH:MM`), split out of the
/// text with no range checks: the reference the target holds `MarvelDate.parse` against.
private struct DateFields {
    let year, month, day, hour, minute, second, offset: Int

    init?(_ text: String) {
        var body = Array(text.unicodeScalars)[...]
        var sign = 1
        if body.first == "-" {
            sign = -1
            body = body.dropFirst()
        }
        guard body.count >= 20, body.allSatisfy(\.isASCII) else { return nil }
        let characters = String(String.UnicodeScalarView(body))
        let parts = characters.prefix(19).split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard date.count == 3, time.count == 3, [4, 2, 2].elementsEqual(date.map(\.count)), time.allSatisfy({ $0.count == 2 }),
            let year = Self.number(date[0]), let month = Self.number(date[1]), let day = Self.number(date[2]),
            let hour = Self.number(time[0]), let minute = Self.number(time[1]), let second = Self.number(time[2]),
            let offset = Self.zone(characters.dropFirst(19))
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second, self.offset) =
            (sign * year, month, day, hour, minute, second, offset)
    }

    /// The instant, when DateComponents calls the fields a valid date in the Gregorian calendar.
    var date: Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)?.addingTimeInterval(TimeInterval(-offset))
    }

    private static func number(_ text: Substring) -> Int? {
        text.allSatisfy(\.isWholeNumber) ? Int(text) : nil
    }

    /// Seconds east of UTC, when `text` is a zone: `Z`, `±HHMM` or `±HH:MM`, hours below 24, minutes below 60.
    private static func zone(_ text: Substring) -> Int? {
        if text == "Z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().replacingOccurrences(of: ":", with: "")
        guard [5, 6].contains(text.count), text.count == 5 || text.dropFirst(3).first == ":", digits.count == 4,
            let hours = number(Substring(digits.prefix(2))), let minutes = number(Substring(digits.suffix(2))), hours < 24, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }
}

extension FuzzInput {
    /// A timestamp in Marvel's format whose fields the input picks, each a little past its range at times.
    mutating func timestamp() -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let year = padded(int(in: 0...9999), 4)
        let date = "\(bool() ? "-" : "")\(year)-\(padded(int(in: 0...13), 2))-\(padded(int(in: 0...32), 2))"
        let time = "\(padded(int(in: 0...24), 2)):\(padded(int(in: 0...60), 2)):\(padded(int(in: 0...61), 2))"
        let zone = ["Z", "+", "-", "+"][int(in: 0...3)]
        guard zone != "Z" else { return "\(date)T\(time)Z" }
        return "\(date)T\(time)\(zone)\(padded(int(in: 0...24), 2))\(bool() ? ":" : "")\(padded(int(in: 0...60), 2))"
    }
}
