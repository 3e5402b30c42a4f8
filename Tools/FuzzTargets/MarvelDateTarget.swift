import DataProviders
import Foundation
import PayloadCoding

extension FuzzTarget {
    /// Bytes as a Marvel timestamp, as the fields of one, and as the bits of a time in seconds.
    static let marvelDate = FuzzTarget(
        name: "marvel-date",
        checks: """
            MarvelDate.parse accepts the input exactly when a plain reference reader (the fields split out, \
            checked with DateComponents in the Gregorian calendar) does, for years 1583–9999 where Foundation's \
            calendar is the proleptic one, and gives the same instant, refusing instants past 9999 at UTC; \
            iso8601 of what it parsed parses back to it; the same for a timestamp written from fields the input \
            picks, valid or a little out of range. The input's first eight bytes as a Double (any bit pattern: \
            NaN payloads, infinities, subnormals, huge values) as seconds since 1970 and since 2001: iso8601 \
            writes the date exactly when it falls in years -9999 to 9999, as text that parses back to its whole \
            second, and never traps; a Character with it as its modified date decodes exactly then.
            """
    ) { bytes throws(FuzzFailure) in
        try checkDate(String(decoding: bytes, as: UTF8.self))
        var input = FuzzInput(bytes)
        try checkInstant(Double(bitPattern: input.uint64()))
        try checkDate(input.timestamp())
    }
}

/// Seconds since 1970 of -9999-01-01T00:00:00Z and of 10000-01-01T00:00:00Z, worked out apart
/// from `MarvelDate`: 4 371 587 and 2 932 897 days from 1970.
private let instants = -4_371_587.0 * 86_400..<2_932_897.0 * 86_400

private func checkDate(_ text: String) throws(FuzzFailure) {
    let parsed = MarvelDate.parse(text)
    if let fields = DateFields(text), (1583...9999).contains(fields.year), fields.second < 60 {
        let reference = fields.date.flatMap { instants.contains($0.timeIntervalSince1970) ? $0 : nil }
        try require(
            parsed == reference, "'\(text)' parsed as \(String(describing: parsed)), the reference read \(String(describing: reference))")
    }
    guard let parsed else { return }
    guard let written = MarvelDate.iso8601(parsed) else {
        throw FuzzFailure(description: "'\(text)' parsed as \(parsed), which iso8601 cannot write")
    }
    try require(MarvelDate.parse(written) == parsed, "'\(text)' parsed as \(parsed), written as '\(written)', which parses otherwise")
}

/// `bits` as seconds since 1970 and as seconds since 2001 (what a payload stores), each written
/// and decoded as a character's modified date.
private func checkInstant(_ bits: Double) throws(FuzzFailure) {
    try checkInstant(Date(timeIntervalSince1970: bits), "\(bits) s since 1970")
    try checkInstant(Date(timeIntervalSinceReferenceDate: bits), "\(bits) s since 2001")
}

private func checkInstant(_ date: Date, _ name: String) throws(FuzzFailure) {
    let seconds = date.timeIntervalSince1970
    let inRange = instants.contains(seconds)
    let written = MarvelDate.iso8601(date)
    try require((written != nil) == inRange, "\(name) is \(inRange ? "" : "not ")in range, iso8601 wrote \(String(describing: written))")
    if let written {
        let whole = Date(timeIntervalSince1970: seconds.rounded(.down))
        try require(MarvelDate.parse(written) == whole, "\(name) written as '\(written)', which parses otherwise")
    }
    let character = Character(id: 1_009_610, name: "Spider-Man", modified: date)
    let encoded: Data
    do {
        encoded = try PayloadEncoder().encode(character)
    } catch {
        throw FuzzFailure(description: "a character modified \(name) did not encode: \(error)")
    }
    let decoded = try? PayloadDecoder().decode(Character.self, from: encoded)
    try require((decoded != nil) == inRange, "a character modified \(name) \(decoded == nil ? "did not decode" : "decoded")")
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
