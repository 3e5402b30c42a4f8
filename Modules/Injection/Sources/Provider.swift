/// A dependency resolved later, when called, through the container's own path: what breaks a
/// cycle by injecting one side after the build.
///
/// ```swift
/// single { Parent(child: try $0()) }
/// single { Child(parent: Provider($0)) }   // calls `try parent()` once built
/// ```
/// A provider holds its container weakly: calling it after the container is gone throws
/// `ContainerError.containerReleased`.
public struct Provider<T>: Sendable {
    private let box: ContainerBox
    /// The name of the registration it resolves, if any.
    public let name: String?

    /// A provider of the registered `T` (named `name`) in the container `resolver` builds from.
    public init(_ resolver: Resolver, name: String? = nil) {
        self.box = ContainerBox(resolver.container)
        self.name = name
    }

    /// A provider of the registered `T` (named `name`) in the container `resolver` builds from.
    public init(_ resolver: AsyncResolver, name: String? = nil) {
        self.box = ContainerBox(resolver.container)
        self.name = name
    }

    /// A provider of the registered `T` (named `name`) in `container`.
    public init(_ container: Container, name: String? = nil) {
        self.box = ContainerBox(container)
        self.name = name
    }

    /// Resolves the registered `T` now, as `container.resolve()` does.
    public func callAsFunction() throws -> T {
        try resolve(from: container())
    }

    /// Resolves the registered `T` now, awaiting an async builder.
    public func callAsFunction() async throws -> T {
        try await container().resolve(T.self, name: name)
    }

    /// The synchronous resolve, named from a function that is not async.
    private func resolve(from container: Container) throws -> T {
        try container.resolve(T.self, name: name)
    }

    private func container() throws -> Container {
        guard let container = box.container else { throw ContainerError.containerReleased(RegistrationKey(T.self, name: name)) }
        return container
    }
}

/// A container held weakly, so a single that keeps a provider does not keep its container alive.
final class ContainerBox: Sendable {
    weak let container: Container?

    init(_ container: Container) {
        self.container = container
    }
}
