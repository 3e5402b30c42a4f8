/// A container of production components with test overrides that must each replace something.
extension Container {
    /// Makes a container of `components` where each registration of `overrides` replaces one of
    /// theirs; throws `ContainerError.overridesNothing` for an override that replaces nothing
    /// (such as `single { Stub() }` where `single { Stub() as any Repository }` was meant).
    public convenience init(_ components: [Component], overriding overrides: Component, maximumDepth: Int = Resolver.maximumDepth) throws {
        try Self.checkOverrides(overrides, of: components)
        try self.init(components + [overrides], maximumDepth: maximumDepth)
    }

    /// Makes a container of `component` with `overrides`, as `init(_:overriding:)` above.
    public convenience init(_ component: Component, overriding overrides: Component, maximumDepth: Int = Resolver.maximumDepth) throws {
        try self.init([component], overriding: overrides, maximumDepth: maximumDepth)
    }

    /// Throws `overridesNothing` unless every key `overrides` registers is one `components` do.
    private static func checkOverrides(_ overrides: Component, of components: [Component]) throws {
        let production = try EntryTable(components)
        let keys = overrides.registrations.map(\.key)
        let strays = keys.filter { production.entry(for: $0) == nil }
        guard !strays.isEmpty else { return }
        let replaced = Set(keys).subtracting(strays)
        let candidates = production.keys.filter { !replaced.contains($0) }
        throw ContainerError.overridesNothing(strays.map { ($0, meant(by: $0, among: candidates)) })
    }

    /// The registered key an override of `stray` probably meant: the one protocol not yet
    /// overridden, else the protocol (or type) nearest in name.
    private static func meant(by stray: RegistrationKey, among candidates: [RegistrationKey]) -> RegistrationKey? {
        let protocols = candidates.filter(\.isExistential)
        if protocols.count == 1 { return protocols[0] }
        return NearestNames.keys(near: stray, among: protocols.isEmpty ? candidates : protocols, limit: 1).first ?? protocols.first
    }
}
