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
    /// For a case that times itself (another program): each round's ns per operation after its
    /// own warm-up and any counts it reports, or nil when it cannot run here (it then says why on
    /// stderr and is left out).
    let selfTimed: (() throws -> Measured?)?

    /// What a self-timed case measured: each round's ns per operation, and the counts it reports
    /// beside its time (files recompiled, a share of tests), which count goals judge.
    struct Measured {
        let rounds: [Double]
        let counts: [String: Double]
    }

    init(group: String, name: String, role: Role, operationsPerRound: Int, body: @escaping (Int) throws -> Void) {
        self.group = group
        self.name = name
        self.role = role
        self.operationsPerRound = operationsPerRound
        self.body = body
        self.selfTimed = nil
    }

    /// A case timed by `samples` itself, as a peer program that prints its own rounds.
    init(group: String, name: String, role: Role, samples: @escaping () throws -> [Double]?) {
        self.group = group
        self.name = name
        self.role = role
        self.operationsPerRound = 1
        self.body = { _ in }
        self.selfTimed = { try samples().map { Measured(rounds: $0, counts: [:]) } }
    }

    /// A case that runs once, timed by `measure` itself, and reports counts beside its time.
    init(group: String, name: String, role: Role, measure: @escaping () throws -> Measured?) {
        self.group = group
        self.name = name
        self.role = role
        self.operationsPerRound = 1
        self.body = { _ in }
        self.selfTimed = measure
    }
}

/// Keeps a value alive so the optimizer cannot delete the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Where `escape(_:)` puts objects: public, so the optimizer must assume someone reads it.
@exclusivity(unchecked) public nonisolated(unsafe) var escaped: AnyObject?

/// Stores `object` where code outside this module could read it, so it must live on the heap:
/// a floor's objects then cost what a container's do, instead of being promoted to the stack.
@inline(never)
func escape(_ object: AnyObject) {
    escaped = object
}
