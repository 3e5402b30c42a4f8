import Injection
import Synchronization

/// Container cases from the Injection issue: resolving a built single, a factory with three
/// dependencies, and building a container from 50 components, each against its floor.
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
            "building a container from 50 components", subject: ("injection.build", "Container from 50 components"),
            within: .milliseconds(1)),
    ]

    static var all: [Benchmark] {
        [
            Benchmark(group: "injection.single", name: "stored property behind a Mutex", role: .floor, operationsPerRound: 1_000_000) {
                count in
                let box = LockedBox(Service())
                for _ in 0..<count { blackHole(box.value) }
            },
            Benchmark(group: "injection.single", name: "Container.resolve (built single)", role: .subject, operationsPerRound: 1_000_000) {
                count in
                let container = try Container(graph)
                _ = try container.resolve(Service.self)
                for _ in 0..<count { blackHole(try container.resolve(Service.self)) }
            },
            Benchmark(group: "injection.factory", name: "hand-wired closures", role: .floor, operationsPerRound: 1_000_000) { count in
                let service = LockedBox(Service())
                let settings = LockedBox(Settings())
                let makeRequest: () -> Request = { Request() }
                let makeScreen: () -> Screen = { Screen(service: service.value, settings: settings.value, request: makeRequest()) }
                for _ in 0..<count { blackHole(makeScreen()) }
            },
            Benchmark(
                group: "injection.factory", name: "Container.resolve (factory, 3 deps)", role: .subject, operationsPerRound: 1_000_000
            ) { count in
                let container = try Container(graph)
                for _ in 0..<count { blackHole(try container.resolve(Screen.self)) }
            },
            Benchmark(group: "injection.build", name: "Container from 50 components", role: .subject, operationsPerRound: 1_000) { count in
                let components = (0..<50).map { index in
                    Component {
                        single(name: "service-\(index)") { Service() }
                        single(name: "settings-\(index)") { Settings() }
                        factory(name: "request-\(index)") { Request() }
                    }
                }
                for _ in 0..<count { blackHole(try Container(components)) }
            },
        ]
    }

    static let graph = Component {
        single { Service() }
        single { Settings() }
        factory { Request() }
        factory { Screen(service: try $0(), settings: try $0(), request: try $0()) }
    }

    final class Service: Sendable {}
    final class Settings: Sendable {}
    final class Request: Sendable {}
    final class Screen: Sendable {
        init(service: Service, settings: Settings, request: Request) {}
    }

    final class LockedBox<T: Sendable>: Sendable {
        private let mutex: Mutex<T>
        init(_ value: T) { mutex = Mutex(value) }
        var value: T { mutex.withLock { $0 } }
    }
}
