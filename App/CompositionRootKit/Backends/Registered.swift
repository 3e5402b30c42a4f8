import Commands

/// A backend registered under the name its choice option gives it.
protocol Registered: Sendable {
    /// The choice's type: `CacheChoice`, `StoreChoice`, `ProviderChoice`.
    associatedtype Choice: RawRepresentable<String> & Equatable
    /// The name the option gives this backend.
    var choice: Choice { get }
}

extension Array where Element: Registered {
    /// The one registered under `choice`; a usage error naming `noun` when none is.
    func named(_ choice: Element.Choice, _ noun: String) throws(UsageError) -> Element {
        guard let backend = first(where: { $0.choice == choice }) else {
            throw UsageError(message: "No \(noun) is registered as '\(choice.rawValue)'.")
        }
        return backend
    }
}
