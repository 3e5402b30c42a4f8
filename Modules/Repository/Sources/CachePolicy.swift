import Foundation

/// How long a repository serves cached values before it asks the provider again.
///
/// A cached value younger than its maximum age is fresh and served without a provider call;
/// an older one is refreshed, and served (marked stale) only when the provider is unavailable.
/// A maximum age of zero or less makes every read ask the provider.
public struct CachePolicy: Sendable, Equatable {
    /// Maximum age, in seconds, of a cached page of characters.
    public var pageMaxAge: TimeInterval
    /// Maximum age, in seconds, of a cached single character.
    public var detailMaxAge: TimeInterval

    /// Pages fresh for 5 minutes, single characters for 1 hour.
    public static let standard = CachePolicy(pageMaxAge: 5 * 60, detailMaxAge: 60 * 60)

    /// A policy with the given maximum ages, in seconds.
    public init(pageMaxAge: TimeInterval, detailMaxAge: TimeInterval) {
        self.pageMaxAge = pageMaxAge
        self.detailMaxAge = detailMaxAge
    }
}
