import Synchronization

/// Counts how often builders ran, from any number of tasks: put `counter.tick()` in a builder.
///
/// An atomic counter, so ThreadSanitizer sees its synchronization too.
public final class BuildCounter: Sendable {
    private let value = Atomic(0)

    /// A counter at zero.
    public init() {}

    /// Adds one and returns the new count.
    @discardableResult
    public func tick() -> Int {
        value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    /// How many times `tick()` ran.
    public var count: Int {
        value.load(ordering: .sequentiallyConsistent)
    }
}
