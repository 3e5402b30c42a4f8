import Foundation

/// A value a repository read, with where it came from and how old it is.
public struct Fetched<Value: Sendable>: Sendable {
    /// The value itself.
    public let value: Value
    /// Whether the value came from the cache or from the provider.
    public let origin: Origin
    /// True when the value is a cached copy past its maximum age, served because the provider
    /// was unavailable.
    public let isStale: Bool
    /// When the value was stored in the cache; nil when it could not be stored.
    public let storedAt: Date?

    /// A fetched value with the given fields.
    public init(value: Value, origin: Origin, isStale: Bool = false, storedAt: Date? = nil) {
        self.value = value
        self.origin = origin
        self.isStale = isStale
        self.storedAt = storedAt
    }
}

extension Fetched: Equatable where Value: Equatable {}
