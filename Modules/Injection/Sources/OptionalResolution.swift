/// Resolving `T?` where nothing registers `T?`: the registered `T`, or nil when nothing
/// registers `T`, so `try? $0()` for an optional parameter finds what is registered.
@usableFromInline
protocol ResolvableOptional {
    /// The registered `Wrapped` named `name`, or nil when none is registered.
    static func resolveWrapped(name: String?, _ resolver: Resolver) throws -> Self
    /// The same, awaiting an async builder.
    static func resolveWrapped(name: String?, _ resolver: AsyncResolver) async throws -> Self
}

extension Optional: ResolvableOptional {
    @usableFromInline
    static func resolveWrapped(name: String?, _ resolver: Resolver) throws -> Self {
        guard resolver.container.entries.reference(for: RegistrationKey(Wrapped.self, name: name)) != nil else { return nil }
        return .some(try resolver(Wrapped.self, name: name))
    }

    @usableFromInline
    static func resolveWrapped(name: String?, _ resolver: AsyncResolver) async throws -> Self {
        guard resolver.container.entries.reference(for: RegistrationKey(Wrapped.self, name: name)) != nil else { return nil }
        return .some(try await resolver(Wrapped.self, name: name))
    }
}

extension Container {
    /// What a resolve of `key`, which nothing registers, gives: `T?` resolves `T`; else it throws.
    @usableFromInline
    func unregistered<T>(_ key: RegistrationKey, _ resolver: Resolver) throws -> T {
        if let optional = T.self as? any ResolvableOptional.Type, let value = try optional.resolveWrapped(name: key.name, resolver) as? T {
            return value
        }
        throw missing(key)
    }

    /// The same from async code.
    @usableFromInline
    func unregistered<T>(_ key: RegistrationKey, _ resolver: AsyncResolver) async throws -> T {
        if let optional = T.self as? any ResolvableOptional.Type,
            let value = try await optional.resolveWrapped(name: key.name, resolver) as? T
        {
            return value
        }
        throw missing(key)
    }
}
