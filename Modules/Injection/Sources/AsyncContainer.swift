/// The async forms of a container's resolve, verify and graph, spelled `container.async`: the
/// spelling that works in top-level code (`main.swift`), where Swift picks a synchronous
/// overload over an async one even after `await`.
///
/// ```swift
/// let pool: Pool = try await container.async.resolve()
/// try await container.async.verify()
/// ```
public struct AsyncContainer: Sendable {
    /// The container resolved from.
    public let container: Container

    /// Resolves the registered `T` (named `name`, if given), awaiting async builders.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T {
        try await container.resolve(type, name: name)
    }

    /// `Container.verify()` with async builders built too.
    @discardableResult
    public func verify() async throws -> ObjectGraph {
        try await container.verify()
    }

    /// `Container.graph()` with async builders built too.
    public func graph() async throws -> ObjectGraph {
        try await container.graph()
    }
}

extension Container {
    /// This container's async forms, for top-level code: `try await container.async.resolve()`.
    public var async: AsyncContainer {
        AsyncContainer(container: self)
    }
}
