import Synchronization

/// Counts how often builders ran, from any number of tasks: put `counter.tick()` in a builder.
public final class BuildCounter: Sendable {
    private let value = Mutex(0)

    /// A counter at zero.
    public init() {}

    /// Adds one and returns the new count.
    @discardableResult
    public func tick() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }

    /// How many times `tick()` ran.
    public var count: Int {
        value.withLock { $0 }
    }
}
