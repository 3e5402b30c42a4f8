import Foundation
import Injection
import InjectionTesting
import TestSupport
import Testing

/// A generic type of two parameters: 49 distinct types from seven, with short names (a missing
/// registration's message compares the names of every registered type with its own).
enum Pair<First, Second> {}

/// `Container` (its open-addressing `EntryTable` and its lock-free singles) held to
/// `ContainerReference`: random components over 196 keys (49 distinct types, four names each),
/// singles and factories with synchronous, async and `@MainActor` builders, overrides in later
/// components and sometimes duplicates, resolved from four tasks at once, with and without
/// `await`; which registration answers, how many distinct instances each key gives, how often
/// each builder runs, and which synchronous resolves must be refused must agree.
@Suite struct ContainerModelTests {
    /// What every registration here builds: it knows which registration made it.
    protocol Made: AnyObject, Sendable {
        var tag: Int { get }
    }

    final class Instance<Marker>: Made {
        let tag: Int

        init(tag: Int) {
            self.tag = tag
        }
    }

    /// How a registration's builder runs.
    enum Builder: CaseIterable {
        case synchronous, async, mainActor
    }

    /// One registered type, `Instance<Marker>`, under any name.
    protocol Registrable: SendableMetatype {
        static func key(named name: String?) -> RegistrationKey
        /// A registration whose builder counts its runs on `builds` and makes an instance tagged `tag`.
        static func registration(named name: String?, lifetime: Lifetime, builder: Builder, tag: Int, builds: BuildCounter) -> Registration
        /// The same registration, for the reference.
        static func reference(
            named name: String?, lifetime: Lifetime, builder: Builder, tag: Int, builds: BuildCounter
        ) -> ContainerReference.Registration
        static func resolve(named name: String?, from container: Container) throws -> any Made
        static func resolveAwaiting(named name: String?, from container: Container) async throws -> any Made
    }

    enum Kind<Marker>: Registrable {
        static func key(named name: String?) -> RegistrationKey {
            RegistrationKey(Instance<Marker>.self, name: name)
        }

        /// A single's builder sleeps for 0.1 ms (an async one with `Task.sleep`), so that tasks
        /// resolving it meanwhile pile up on the build; a `@MainActor` one waits for the hop.
        static func registration(named name: String?, lifetime: Lifetime, builder: Builder, tag: Int, builds: BuildCounter) -> Registration
        {
            switch builder {
            case .synchronous:
                let build = { @Sendable in
                    builds.tick()
                    if lifetime == .single { Thread.sleep(forTimeInterval: 0.000_1) }
                    return Instance<Marker>(tag: tag)
                }
                return lifetime == .single ? single(name: name, build) : factory(name: name, build)
            case .async:
                let build = { @Sendable () async throws in
                    builds.tick()
                    if lifetime == .single { try await Task.sleep(for: .microseconds(100)) }
                    return Instance<Marker>(tag: tag)
                }
                return lifetime == .single ? single(name: name, build) : factory(name: name, build)
            case .mainActor:
                let build = { @MainActor @Sendable () async in
                    builds.tick()
                    return Instance<Marker>(tag: tag)
                }
                return lifetime == .single ? single(name: name, build) : factory(name: name, build)
            }
        }

        static func reference(
            named name: String?, lifetime: Lifetime, builder: Builder, tag: Int, builds: BuildCounter
        ) -> ContainerReference.Registration {
            ContainerReference.Registration(key: key(named: name), lifetime: lifetime, needsAwait: builder != .synchronous) {
                builds.tick()
                return Instance<Marker>(tag: tag)
            }
        }

        static func resolve(named name: String?, from container: Container) throws -> any Made {
            try container.resolve(Instance<Marker>.self, name: name)
        }

        static func resolveAwaiting(named name: String?, from container: Container) async throws -> any Made {
            try await container.resolve(Instance<Marker>.self, name: name)
        }
    }

    static let names: [String?] = [nil, "a", "b", "a name longer than a small string holds"]
    static let kinds: [any Registrable.Type] = {
        let markers: [Any.Type] = [Int.self, String.self, Bool.self, Double.self, Float.self, Int8.self, UInt8.self]
        return markers.flatMap { first in markers.map { second in kind(first, second) } }
    }()

    static func kind<First, Second>(_: First.Type, _: Second.Type) -> any Registrable.Type {
        Kind<Pair<First, Second>>.self
    }

    /// A key of the tests' key space: which kind, which name.
    struct Slot: Hashable, Sendable {
        let kind: Int
        let name: Int

        var key: RegistrationKey { ContainerModelTests.kinds[kind].key(named: ContainerModelTests.names[name]) }
    }

    /// One resolve, as the container and the reference answered it (nil: nothing registered).
    struct Resolved: Sendable {
        let slot: Slot
        let container: (any Made)?
        /// What the container threw, if it did.
        let failure: ContainerError?
        let reference: (any Made)?
        /// Whether the reference says a synchronous resolve must be refused (and was one).
        let mustAwait: Bool
    }

    /// One resolve from one of the racing tasks.
    typealias Answer = (slot: Slot, awaited: Bool, made: (any Made)?, failure: ContainerError?)

    /// One to four random components of up to 40 registrations each, for the container and the
    /// reference alike; registration number `tag` counts its builds on `builds[tag]` and
    /// `referenceBuilds[tag]`.
    struct Plan {
        var components: [Component] = []
        var references: [[ContainerReference.Registration]] = []
        var builds: [BuildCounter] = []
        var referenceBuilds: [BuildCounter] = []

        init(slots: [Slot], using random: inout SeededRandom) {
            // One plan in four may register a key twice in a component.
            let repeats = Int.random(in: 0..<4, using: &random) == 0
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let count = Int.random(in: 0...40, using: &random)
                let chosen =
                    repeats
                    ? (0..<count).map { _ in slots.randomElement(using: &random)! } : Array(slots.shuffled(using: &random).prefix(count))
                var registrations: [Registration] = []
                var modelled: [ContainerReference.Registration] = []
                for slot in chosen {
                    let lifetime: Lifetime = Bool.random(using: &random) ? .single : .factory
                    let builder = Builder.allCases.randomElement(using: &random)!
                    let (kind, name, tag) = (ContainerModelTests.kinds[slot.kind], ContainerModelTests.names[slot.name], builds.count)
                    builds.append(BuildCounter())
                    referenceBuilds.append(BuildCounter())
                    registrations.append(
                        kind.registration(named: name, lifetime: lifetime, builder: builder, tag: tag, builds: builds[tag]))
                    modelled.append(
                        kind.reference(named: name, lifetime: lifetime, builder: builder, tag: tag, builds: referenceBuilds[tag]))
                }
                components.append(Component { for registration in registrations { registration } })
                references.append(modelled)
            }
        }
    }

    @Test(arguments: ModelSeeds.first(20))
    func containersResolveAsTheReference(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let slots = Self.kinds.indices.flatMap { kind in Self.names.indices.map { Slot(kind: kind, name: $0) } }
        for round in 0..<5 {
            let context = "seed \(seed), round \(round)"
            let plan = Plan(slots: slots, using: &random)
            let (components, reference) = (plan.components, ContainerReference(plan.references))
            guard reference.duplicates.isEmpty else {
                #expect("\(context): the duplicates \(reference.duplicates)") {
                    try Container(components)
                } throws: { error in
                    guard case ContainerError.duplicateRegistrations(let keys) = error else { return false }
                    return keys == reference.duplicates
                }
                continue
            }
            let container = try Container(components)
            #expect(container.keys == reference.keys, "\(context)")
            let registered = slots.filter { reference.keys.contains($0.key) }
            let resolved = await Self.resolveConcurrently(registered, from: container, and: reference, seed: seed &* 100 &+ UInt64(round))
            Self.compare(resolved, context: context)
            // One missing key a round: the message of a missing registration compares type names
            // with every registered one's, which a debug build takes milliseconds for.
            if let slot = slots.filter({ !reference.keys.contains($0.key) }).randomElement(using: &random) {
                #expect(reference.resolve(slot.key) == nil, "\(context)")
                #expect("\(context): \(slot.key) is missing") {
                    try Self.kinds[slot.kind].resolve(named: Self.names[slot.name], from: container)
                } throws: { error in
                    guard case ContainerError.missingRegistration(let requested, _, _) = error else { return false }
                    return requested == slot.key
                }
            }
            #expect(plan.builds.map(\.count) == plan.referenceBuilds.map(\.count), "\(context): builds per registration")
        }
    }

    /// Resolves of registered keys from four tasks at once: each first resolves every key in the
    /// same order with `await`, so that the tasks race to build each single, then 300 at random,
    /// each with or without `await`. The reference
    /// answers the same resolves afterwards, from this task: its `Mutex`, contended, would be a
    /// false race to ThreadSanitizer, which CI runs this suite under (docs/TESTING.md).
    static func resolveConcurrently(
        _ registered: [Slot], from container: Container, and reference: ContainerReference, seed: UInt64
    ) async -> [Resolved] {
        guard !registered.isEmpty else { return [] }
        let answers = await withTaskGroup(of: [Answer].self) { group in
            for task in 0..<4 {
                group.addTask {
                    var random = SeededRandom(seed: seed &* 8 &+ UInt64(task))
                    let picked = (0..<300).map { _ in (registered.randomElement(using: &random)!, Bool.random(using: &random)) }
                    var answers: [Answer] = []
                    for (slot, awaited) in registered.map({ ($0, true) }) + picked {
                        let (kind, name) = (Self.kinds[slot.kind], Self.names[slot.name])
                        do {
                            let made =
                                try awaited
                                ? await kind.resolveAwaiting(named: name, from: container) : kind.resolve(named: name, from: container)
                            answers.append((slot, awaited, made, nil))
                        } catch {
                            answers.append((slot, awaited, nil, error as? ContainerError))
                        }
                    }
                    return answers
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        return answers.map { answer in
            let mustAwait = !answer.awaited && reference.needsAwait(answer.slot.key)
            let modelled = mustAwait ? nil : reference.resolve(answer.slot.key).map { $0 as! any Made }
            return Resolved(slot: answer.slot, container: answer.made, failure: answer.failure, reference: modelled, mustAwait: mustAwait)
        }
    }

    /// Each resolve answered by the same registration as the reference's, and each key with as
    /// many distinct instances (one for a single, one per resolve for a factory).
    static func compare(_ resolved: [Resolved], context: String) {
        for answer in resolved where answer.mustAwait {
            guard case .needsAwait(let path) = answer.failure, path == [answer.slot.key] else {
                Issue.record("\(context): a synchronous resolve of \(answer.slot.key) gave \(String(describing: answer.failure))")
                return
            }
        }
        for answer in resolved where !answer.mustAwait && (answer.failure != nil || answer.container?.tag != answer.reference?.tag) {
            let found = answer.failure.map { "\($0)" } ?? answer.container.map { "registration \($0.tag)" } ?? "nothing"
            Issue.record("\(context): \(answer.slot.key) gave \(found), the reference \(answer.reference.map { "\($0.tag)" } ?? "nothing")")
            return
        }
        for (slot, answers) in Dictionary(grouping: resolved, by: \.slot) {
            let instances = Set(answers.compactMap { $0.container.map(ObjectIdentifier.init) }).count
            let expected = Set(answers.compactMap { $0.reference.map(ObjectIdentifier.init) }).count
            #expect(instances == expected, "\(context): distinct instances of \(slot.key)")
        }
    }
}
