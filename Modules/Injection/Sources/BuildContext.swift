/// One line of builds that waits as a whole: a top-level resolve, or the build of one single.
///
/// `BuildCoordinator` records which single each chain waits for; a chain that would wait, through
/// others, for a build it owns is a cycle. Only its identity matters.
@usableFromInline
final class BuildChain: Sendable {
    @usableFromInline
    init() {}
}

/// The single a builder is building, bound while it runs: a resolve through the container from
/// inside a builder (instead of `$0`) continues that build, its depth and its cycle check.
@usableFromInline
struct BuildContext: Sendable {
    /// The container building.
    let container: ObjectIdentifier
    /// The chain of the single being built.
    let chain: BuildChain
    /// How many builds enclose the builder.
    let depth: Int
    /// The single being built.
    let current: any AnyEntry

    /// The build the running code is in, if any.
    @TaskLocal static var current: BuildContext?

    /// The build of `container` the running code is in, if any.
    @usableFromInline
    static func current(in container: Container) -> BuildContext? {
        guard let context = current, context.container == ObjectIdentifier(container) else { return nil }
        return context
    }
}
