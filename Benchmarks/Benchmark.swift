/// One measured case: `body(n)` performs the operation `n` times.
struct Benchmark {
    /// How a case relates to the others in its group.
    enum Role: String, Codable {
        /// What the project ships.
        case subject
        /// The cheapest possible way to do the same work: ratios are taken against it.
        case floor
        /// Another implementation of the same work, for comparison.
        case peer
        /// A further baseline, shown with its ratio to the floor but not used for ratios itself.
        case reference
    }

    let group: String
    let name: String
    let role: Role
    let operationsPerRound: Int
    let body: (Int) throws -> Void
}

/// Keeps a value alive so the optimizer cannot delete the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
