/// A group of registrations, written with `single { … }` and `factory { … }`; components nest.
///
/// ```swift
/// let storage = Component { single { MemoryCache() as Caching } }
/// let app = Component { storage; repository }
/// ```
public struct Component: Sendable {
    /// Every registration of this component and the components nested in it, in order.
    public let registrations: [Registration]

    /// Collects the registrations and nested components written in `content`.
    public init(@ComponentBuilder _ content: () -> [Registration]) {
        self.registrations = content()
    }

    /// A component of `registrations` as they are, for a container's throw-away scope.
    init(registrations: [Registration]) {
        self.registrations = registrations
    }
}

/// Builds a component from registrations, nested components, `if` and `for`.
@resultBuilder
public enum ComponentBuilder {
    /// A single registration.
    public static func buildExpression(_ registration: Registration) -> [Registration] {
        [registration]
    }

    /// A nested component contributes all its registrations.
    public static func buildExpression(_ component: Component) -> [Registration] {
        component.registrations
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [Registration]...) -> [Registration] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: [Registration]?) -> [Registration] {
        part ?? []
    }

    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [Registration]) -> [Registration] {
        part
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [Registration]) -> [Registration] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Registration]]) -> [Registration] {
        parts.flatMap { $0 }
    }
}
