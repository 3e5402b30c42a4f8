import Foundation

/// `timestamptz` as text, in UTC, both ways (connections set `TimeZone=UTC`, `DateStyle=ISO`).
enum PostgresTimestamp {
    /// `date` as `YYYY-MM-DD HH:MM:SS.ffffff+00` (microseconds, years 1 to 9999 clamped).
    static func text(_ date: Date) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let limit = 253_402_300_799_999_999.0  // 9999-12-31 23:59:59.999999
        let clamped = Int64(max(-62_135_596_800_000_000, min(limit, micros.isNaN ? 0 : micros)))
        let seconds = clamped.floorDivided(by: 1_000_000)
        let fraction = clamped - seconds * 1_000_000
        let days = seconds.floorDivided(by: 86_400)
        let time = seconds - days * 86_400
        let (year, month, day) = civil(days: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        let paddedFraction = String(String(fraction + 1_000_000).dropFirst())
        return "\(paddedYear)-\(two(month))-\(two(day)) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)).\(paddedFraction)+00"
    }

    /// The moment in `text` (`YYYY-MM-DD HH:MM:SS[.f…]±HH[:MM[:SS]]`), or nil when it is not one
    /// (`infinity`, a BC date, another style).
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = Scanner(bytes: text)
        guard let year = scanner.number(minimumDigits: 4), scanner.skip("-"), let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip(" "), let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"), let second = scanner.number(digits: 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var micros: Int64 = 0
        if scanner.skip(".") {
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 6 { micros = micros * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { micros *= 10 }
        }
        guard let sign = scanner.sign(), let offsetHours = scanner.number(digits: 2) else { return nil }
        var offset = offsetHours * 3600
        if scanner.skip(":"), let minutes = scanner.number(digits: 2) { offset += minutes * 60 }
        if scanner.skip(":"), let seconds = scanner.number(digits: 2) { offset += seconds }
        guard scanner.isAtEnd else { return nil }
        let days = self.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - sign * offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }

    /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day `days` after 1970-01-01.
    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads ASCII digits and signs from the front of a byte buffer.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            index += 1
            return Int64(bytes[index - 1] - UInt8(ascii: "0"))
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func number(minimumDigits: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < 9, let digit = digit() {
                value = value * 10 + digit
                count += 1
            }
            return count >= minimumDigits ? value : nil
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
