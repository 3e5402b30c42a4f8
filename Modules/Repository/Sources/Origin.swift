/// Where a repository found a value.
public enum Origin: String, Sendable, Equatable, Codable {
    /// The repository's cache.
    case cache
    /// The character provider.
    case provider
}
