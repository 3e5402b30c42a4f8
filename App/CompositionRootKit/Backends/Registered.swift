import CommandLineKit
import Commands

/// A backend registered under the name its choice option gives it.
protocol Registered: Sendable {
    /// The name the option gives this backend.
    var name: String { get }
}

extension Array where Element: Registered {
    /// The one registered as `name`; a usage error naming `noun` when none is.
    func named(_ name: String, _ noun: String) throws(UsageError) -> Element {
        guard let backend = first(where: { $0.name == name }) else {
            throw UsageError(message: "No \(noun) is registered as '\(name)'.")
        }
        return backend
    }
}
