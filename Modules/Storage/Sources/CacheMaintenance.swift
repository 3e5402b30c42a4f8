/// What `cache stats` and `cache clear` work on: a cache kept outside the process that can say
/// how big it is and be emptied. The program renders the figures; an adapter only reports them.
public protocol CacheMaintenance: Sendable {
    /// The cache's figures, in the order a table shows them, each under a name that never changes.
    func statistics() throws -> [CacheFigure]
    /// Empties the cache and says in one sentence what was removed.
    func clear() throws -> String
}

/// One named figure of a cache's statistics: where it is (text) or how much it holds (a count).
public struct CacheFigure: Sendable, Equatable {
    /// A figure's value.
    public enum Value: Sendable, Equatable, Encodable {
        /// Text, such as a folder or a server's address.
        case text(String)
        /// A count, such as entries or bytes.
        case count(Int)

        /// The text, or the count as a JSON number.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .count(let count): try container.encode(count)
            }
        }
    }

    /// The figure's name, as a table's first column and a JSON key show it.
    public let name: String
    /// The figure's value.
    public let value: Value

    /// The figure `name` with `value`.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}
