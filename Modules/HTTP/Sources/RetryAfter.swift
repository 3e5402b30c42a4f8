import Foundation

/// Reads an HTTP `Retry-After` value: delay-seconds (`120`) or an HTTP-date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`).
public enum RetryAfter {
    /// How long `value` asks to wait from `now`; nil when it is neither form. Dates in the past
    /// ask for no wait; a number of seconds too large for `Int` asks for `Int.max` seconds.
    public static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return .seconds(Int(text) ?? .max)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}
