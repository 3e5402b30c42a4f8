import Foundation

/// Parses Marvel's timestamps, `yyyy-MM-dd'T'HH:mm:ssZ` such as `2014-04-29T14:18:17-0400`.
///
/// Written out rather than through `DateFormatter` so it is exact on every platform for the
/// odd values the real API sends: `1969-12-31T19:00:00-0500` and the year-less
/// `-0001-11-30T00:00:00-0500` (proleptic Gregorian year −1).
///
/// Only the instants of years -9999 to 9999 (at UTC) are dates here: a time that is not a number,
/// infinite or outside those years is bad data wherever it is read, and is never written out.
public enum MarvelDate {
    /// The years a date may fall in, at UTC.
    public static let years: ClosedRange<Int> = -9999...9999
    /// Seconds since 1970 of -9999-01-01T00:00:00Z, the first instant of `years`.
    static let earliestSeconds: Double = -377_705_116_800
    /// Seconds since 1970 of 10000-01-01T00:00:00Z, the first instant after `years`.
    static let endSeconds: Double = 253_402_300_800

    /// Whether `date` is a number within `years` (false for NaN and the infinities).
    public static func isInRange(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= earliestSeconds && seconds < endSeconds
    }

    /// The instant `text` names, or nil when it is not in Marvel's format or falls outside `years`.
    public static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        let yearSign = scanner.skip("-") ? -1 : 1
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T"),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2),
            let offset = scanner.zoneOffset(), scanner.isAtEnd,
            (1...12).contains(month), (1...daysIn(month: month, year: yearSign * year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: yearSign * year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        return isInRange(date) ? date : nil
    }

    /// The days of `month` in `year` of the proleptic Gregorian calendar: February has 29 in
    /// years divisible by 4, except centuries not divisible by 400.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `date` in ISO 8601 at UTC, `2014-04-29T18:18:17Z`, in the same proleptic Gregorian
    /// calendar the parser uses (so year −1 reads `-0001`; Foundation's calendar would switch to
    /// the Julian calendar before 1582); nil when `date` is not `isInRange`.
    public static func iso8601(_ date: Date) -> String? {
        guard isInRange(date) else { return nil }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let time = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let yearText = year < 0 ? "-" + padded(-year, 4) : padded(year, 4)
        return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(time / 3_600, 2)):\(padded(time / 60 % 60, 2)):\(padded(time % 60, 2))Z"
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads fixed-width numbers and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// `Z`, `±HHMM` or `±HH:MM`, as seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if skip("Z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}
