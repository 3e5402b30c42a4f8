import DataProviders
import Foundation

/// A cached value with the time it was stored, so its age survives any `Caching`, a disk
/// cache included. Decoding refuses a stored-at time that is not `MarvelDate.isInRange`, so a
/// cache entry with one is a counted miss, never a date that cannot be shown.
struct Stamped<Value: Codable & Sendable>: Codable, Sendable {
    let value: Value
    let storedAt: Date

    /// A stamp of `value` stored at `storedAt`.
    init(value: Value, storedAt: Date) {
        self.value = value
        self.storedAt = storedAt
    }

    /// The stamped value in `decoder`; a stored-at time outside `MarvelDate.years` is `DecodingError.dataCorrupted`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Value.self, forKey: .value)
        storedAt = try container.decode(Date.self, forKey: .storedAt)
        guard MarvelDate.isInRange(storedAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .storedAt, in: container,
                debugDescription: "\(storedAt.timeIntervalSince1970) s since 1970 is not a time in years -9999 to 9999")
        }
    }

    /// Whether the value is younger than `maxAge` at `now`; a value stored in the future (the
    /// clock went back) is not.
    func isFresh(maxAge: TimeInterval, at now: Date) -> Bool {
        let age = now.timeIntervalSince(storedAt)
        return age >= 0 && age < maxAge
    }
}

/// A stamp of an identifiable value is identified as its value: a cache holding one under
/// another id's key serves nothing.
extension Stamped: Identifiable where Value: Identifiable {
    /// The value's id.
    var id: Value.ID { value.id }
}
