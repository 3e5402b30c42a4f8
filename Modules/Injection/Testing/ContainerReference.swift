import Injection
import Synchronization

/// The plain container `Container` is held to: the registration that answers each key in a
/// `Dictionary` (a later component's replaces an earlier one's), singles kept in a
/// `Mutex<[RegistrationKey: any Sendable]>` and built under that lock on their first resolve,
/// factories built on every resolve. Builders take no resolver: it models which registration
/// answers and how often it is built, not a graph. A registration modelling an async builder
/// `needsAwait`: a synchronous resolve of it builds nothing and must throw.
public final class ContainerReference: Sendable {
    /// One registration as the reference sees it.
    public struct Registration: Sendable {
        /// The type (and name) it answers.
        public let key: RegistrationKey
        /// Whether it is built once or on every resolve.
        public let lifetime: Lifetime
        /// Whether its builder is async, so that only a resolve with `await` builds it.
        public let needsAwait: Bool
        /// Makes an instance.
        public let build: @Sendable () -> any Sendable

        /// A registration of `key` built by `build`, async if `needsAwait`.
        public init(key: RegistrationKey, lifetime: Lifetime, needsAwait: Bool = false, build: @escaping @Sendable () -> any Sendable) {
            self.key = key
            self.lifetime = lifetime
            self.needsAwait = needsAwait
            self.build = build
        }
    }

    /// Every registered key, in the order first registered.
    public let keys: [RegistrationKey]
    /// The keys registered more than once within one component, each once per such component, in
    /// the order found; a container of these components must refuse them.
    public let duplicates: [RegistrationKey]
    private let answering: [RegistrationKey: Registration]
    private let singles = Mutex<[RegistrationKey: any Sendable]>([:])

    /// The reference of `components`, each a list of registrations in order.
    public init(_ components: [[Registration]]) {
        var keys: [RegistrationKey] = []
        var duplicates: [RegistrationKey] = []
        var answering: [RegistrationKey: Registration] = [:]
        for component in components {
            var seen: Set<RegistrationKey> = []
            var reported: Set<RegistrationKey> = []
            for registration in component {
                let key = registration.key
                if answering[key] == nil { keys.append(key) }
                answering[key] = registration
                if !seen.insert(key).inserted && reported.insert(key).inserted { duplicates.append(key) }
            }
        }
        self.keys = keys
        self.duplicates = duplicates
        self.answering = answering
    }

    /// Whether the registration answering `key` has an async builder.
    public func needsAwait(_ key: RegistrationKey) -> Bool {
        answering[key]?.needsAwait ?? false
    }

    /// The instance `key` resolves to: the single built on its first resolve, or a new one from a
    /// factory; nil when nothing is registered under `key`.
    public func resolve(_ key: RegistrationKey) -> (any Sendable)? {
        guard let registration = answering[key] else { return nil }
        guard registration.lifetime == .single else { return registration.build() }
        return singles.withLock { singles in
            if let built = singles[key] { return built }
            let built = registration.build()
            singles[key] = built
            return built
        }
    }
}
