import Foundation
import Injection
import Synchronization

/// Container cases: resolving a built single, a factory with three
/// dependencies, and building a container from 50 components, each against its floor; the build
/// also against Swinject, a peer package built beside the project (Benchmarks/.Peers); and
/// resolving a built async single with `await` against resolving a synchronous one.
enum InjectionBenchmarks {
    static let goals = [
        Goal(
            "resolving a built single within 1.2× of its floor", subject: ("injection.single", "Container.resolve (built single)"),
            baseline: ("injection.single", "stored property behind a Mutex"), .atMost(1.2)),
        Goal(
            "resolving a factory with 3 dependencies within 1.5× of its floor",
            subject: ("injection.factory", "Container.resolve (factory, 3 deps)"), baseline: ("injection.factory", "hand-wired closures"),
            .atMost(1.5)),
        Goal(
            "resolving a built async single within 2× of resolving a sync single",
            subject: ("injection.async", "Container.resolve async (built async single)"),
            baseline: ("injection.async", "Container.resolve (built sync single)"), .atMost(2)),
        Goal(
            "building a container from 50 components at least 3× faster than Swinject",
            subject: ("injection.build", "Container from 50 components"),
            baseline: ("injection.build", "Swinject 2.10.0 registering the same"),
            .fasterBy(3)),
        Goal(
            "building a container from 50 components", subject: ("injection.build", "Container from 50 components"),
            within: .milliseconds(1)),
    ]

    static var all: [Benchmark] {
        [
            // Floor: the built object in a stored property read under a `Mutex`, as a hand-written
            // lazily built single keeps it; both sides hand the same heap object to `escape`.
            Benchmark(group: "injection.single", name: "stored property behind a Mutex", role: .floor, operationsPerRound: 1_000_000) {
                count in
                let box = LockedBox(Service())
                for _ in 0..<count { escape(box.value) }
            },
            Benchmark(group: "injection.single", name: "Container.resolve (built single)", role: .subject, operationsPerRound: 1_000_000) {
                count in
                let container = try Container(graph)
                _ = try container.resolve(Service.self)
                for _ in 0..<count { escape(try container.resolve(Service.self)) }
            },
            // Floor: the subject's work by hand. The two built singles are read from stored
            // properties under a `Mutex` (the single floor above); a new `Request` and a new
            // `Screen` holding all three are allocated on the heap, since `escape` publishes the
            // screen and `Screen` stores what it is given, so neither can be put on the stack.
            Benchmark(group: "injection.factory", name: "hand-wired closures", role: .floor, operationsPerRound: 1_000_000) { count in
                let service = LockedBox(Service())
                let settings = LockedBox(Settings())
                let makeRequest: () -> Request = { Request() }
                let makeScreen: () -> Screen = { Screen(service: service.value, settings: settings.value, request: makeRequest()) }
                for _ in 0..<count { escape(makeScreen()) }
            },
            Benchmark(
                group: "injection.factory", name: "Container.resolve (factory, 3 deps)", role: .subject, operationsPerRound: 1_000_000
            ) { count in
                let container = try Container(graph)
                for _ in 0..<count { escape(try container.resolve(Screen.self)) }
            },
            // Floor: a built synchronous single, resolved without `await` (the `injection.single`
            // subject, in this group so that the async subject is judged against it pair by pair).
            Benchmark(group: "injection.async", name: "Container.resolve (built sync single)", role: .floor, operationsPerRound: 1_000_000)
            {
                count in
                let container = try Container(graph)
                _ = try container.resolve(Service.self)
                for _ in 0..<count { escape(try container.resolve(Service.self)) }
            },
            // A single built by an async builder, resolved with `await` from a task; the loop runs
            // in one task, so the round pays for starting it once, not per resolve.
            Benchmark(
                group: "injection.async", name: "Container.resolve async (built async single)", role: .subject,
                operationsPerRound: 1_000_000
            ) { count in
                let container = try Container(graph)
                try runBlocking {
                    _ = try await container.resolve(Connection.self)
                    for _ in 0..<count { escape(try await container.resolve(Connection.self)) }
                }
            },
            // The components are made once, as an app keeps them; each round builds containers.
            Benchmark(group: "injection.build", name: "Container from 50 components", role: .subject, operationsPerRound: 1_000) { count in
                let components = fiftyComponents()
                for _ in 0..<count { escape(try Container(components)) }
            },
            // The same, making the components (their registrations and builders) every time.
            Benchmark(group: "injection.build", name: "50 components, then the Container", role: .reference, operationsPerRound: 1_000) {
                count in
                for _ in 0..<count { escape(try Container(fiftyComponents())) }
            },
            // Peer: a new Swinject container and the same 150 named registrations (singles in
            // the `.container` scope, factories `.transient`), timed by the peer program itself.
            Benchmark(group: "injection.build", name: "Swinject 2.10.0 registering the same", role: .peer) {
                try SwinjectPeer.samples(rounds: Runner().rounds, operations: 1_000)
            },
        ]
    }

    static func fiftyComponents() -> [Component] {
        (0..<50).map { index in
            Component {
                single(name: "service-\(index)") { Service() }
                single(name: "settings-\(index)") { Settings() }
                factory(name: "request-\(index)") { Request() }
            }
        }
    }

    static let graph = Component {
        single { Service() }
        single { Settings() }
        factory { Request() }
        factory { Screen(service: try $0(), settings: try $0(), request: try $0()) }
        single { () async in Connection() }
    }

    final class Service: Sendable {}
    final class Settings: Sendable {}
    final class Request: Sendable {}
    final class Connection: Sendable {}
    final class Screen: Sendable {
        let service: Service
        let settings: Settings
        let request: Request

        init(service: Service, settings: Settings, request: Request) {
            self.service = service
            self.settings = settings
            self.request = request
        }
    }

    final class LockedBox<T: Sendable>: Sendable {
        private let mutex: Mutex<T>
        init(_ value: T) { mutex = Mutex(value) }
        var value: T { mutex.withLock { $0 } }
    }

    /// Builds (in `.build/peers`) and runs the package in Benchmarks/.Peers/SwinjectPeer; a
    /// hidden folder, so neither SwiftPM nor `swift format --recursive` takes it for the project's.
    enum SwinjectPeer {
        static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(".Peers/SwinjectPeer")
        static let scratch = package.appendingPathComponent("../../../.build/peers/SwinjectPeer").standardizedFileURL

        /// Each round's ns per container, or nil (said on stderr) when the peer cannot be built.
        static func samples(rounds: Int, operations: Int) throws -> [Double]? {
            let built = try ChildProgram.run(
                "/usr/bin/env", ["swift", "build", "-c", "release", "--package-path", package.path, "--scratch-path", scratch.path],
                output: .captured)
            guard built.status == 0 else {
                let reason = built.output.split(separator: "\n").last(where: { $0.contains("error") }) ?? "exit \(built.status)"
                FileHandle.standardError.write(Data("Benchmarks: Swinject peer skipped, it could not be built: \(reason)\n".utf8))
                return nil
            }
            let measured = try ChildProgram.run(
                scratch.appendingPathComponent("release/SwinjectPeer").path, ["\(rounds)", "\(operations)"], output: .captured)
            let samples = measured.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard measured.status == 0, samples.count == rounds else {
                FileHandle.standardError.write(Data("Benchmarks: Swinject peer skipped, it printed no timings\n".utf8))
                return nil
            }
            return samples
        }
    }
}
