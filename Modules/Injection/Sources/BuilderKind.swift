/// How a registration's builder runs: what `graph` shows beside its lifetime.
public enum BuilderKind: Sendable, Equatable {
    /// A synchronous builder: resolved with or without `await`.
    case synchronous
    /// An async builder: resolved only with `await`.
    case async
    /// An async builder isolated to the global actor named (`MainActor`): resolving it awaits the hop.
    case actor(String)

    /// The kind of an async builder isolated to `isolation`, if to anything.
    @inlinable
    init(isolation: (any Actor)?) {
        self = isolation.map { .actor(String(describing: type(of: $0))) } ?? .async
    }

}
