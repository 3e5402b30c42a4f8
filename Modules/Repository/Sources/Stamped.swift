import Foundation

/// A cached value with the time it was stored, so its age survives any `Caching`, a disk
/// cache included.
struct Stamped<Value: Codable & Sendable>: Codable, Sendable {
    let value: Value
    let storedAt: Date

    /// Whether the value is younger than `maxAge` at `now`; a value stored in the future (the
    /// clock went back) is not.
    func isFresh(maxAge: TimeInterval, at now: Date) -> Bool {
        let age = now.timeIntervalSince(storedAt)
        return age >= 0 && age < maxAge
    }
}
