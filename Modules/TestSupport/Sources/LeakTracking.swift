import Testing

/// Collects objects that must be gone once a test's body has finished; see `withLeakTracking`.
public final class LeakTracker {
    private struct Tracked {
        weak var object: AnyObject?
        let description: String
        let sourceLocation: SourceLocation
    }

    private var tracked: [Tracked] = []

    init() {}

    /// Fails the current test if `object` is still alive when the tracking scope ends.
    public func trackForMemoryLeaks(_ object: AnyObject, sourceLocation: SourceLocation = #_sourceLocation) {
        tracked.append(Tracked(object: object, description: String(describing: type(of: object)), sourceLocation: sourceLocation))
    }

    /// Records an issue for every tracked object still alive.
    fileprivate func verify() {
        for entry in tracked where entry.object != nil {
            Issue.record("\(entry.description) should have been deallocated: potential memory leak", sourceLocation: entry.sourceLocation)
        }
    }
}

/// Runs `body` with a tracker, then fails the current test for every object tracked with
/// `trackForMemoryLeaks` that outlived `body`:
///
/// ```swift
/// try withLeakTracking { leaks in
///     let cache = MemoryCache()
///     leaks.trackForMemoryLeaks(cache)
///     …
/// }
/// ```
public func withLeakTracking<Output>(_ body: (LeakTracker) throws -> Output) rethrows -> Output {
    let tracker = LeakTracker()
    defer { tracker.verify() }
    return try body(tracker)
}

/// The async form of `withLeakTracking(_:)`.
public func withLeakTracking<Output>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LeakTracker) async throws -> Output
) async rethrows -> Output {
    let tracker = LeakTracker()
    defer { tracker.verify() }
    return try await body(tracker)
}
