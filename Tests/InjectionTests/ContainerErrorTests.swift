import Injection
import InjectionTesting
import Testing

@Suite struct ContainerErrorTests {
    @Test func missingRegistrationNamesTheTypeThePathAndNearestNames() throws {
        let container = try Container(
            Component {
                single { V8() as any Engine }
                single { Alloys() as any Wheels }
                factory { Sedan(engine: try $0(), wheels: try $0()) as any Car }
                factory { Garage(car: try $0()) }
            }, Component { factory { Sedan(engine: try $0(), wheels: try $0(name: "winter")) as any Car } })
        let error = try #require(throws: ContainerError.self) { try container.resolve(Garage.self) }
        #expect(
            error.description.hasPrefix("No registration for Wheels(name: \"winter\"), needed by Garage → Car → Wheels(name: \"winter\")."))
        #expect(error.description.contains("Registered types nearest in name: Wheels"))
    }

    @Test func missingTopLevelRegistrationSaysWhatWasAskedFor() throws {
        let container = try Container(carComponent)
        let error = try #require(throws: ContainerError.self) { try container.resolve(Garage.self) }
        #expect(error.description.hasPrefix("No registration for Garage."))
    }

    @Test func circularDependencyIsReportedWithItsCycleNotAStackOverflow() throws {
        let container = try Container(
            Component {
                single { Chicken(egg: try $0()) }
                single { Egg(chicken: try $0()) }
            })
        let error = try #require(throws: ContainerError.self) { try container.resolve(Chicken.self) }
        #expect(error.description.hasPrefix("Circular dependency: Chicken → Egg → Chicken."))
    }

    @Test func throwingBuilderLeavesNothingCachedAndWrapsTheError() throws {
        let attempts = BuildCounter()
        let container = try Container(
            Component {
                single { () throws -> any Engine in
                    if attempts.tick() == 1 { throw BuildFailure() }
                    return V8()
                }
            })
        let error = try #require(throws: ContainerError.self) { try container.resolve((any Engine).self) }
        #expect(error.underlyingError is BuildFailure)
        #expect(error.description == "Building Engine failed: BuildFailure()")
        let engine: any Engine = try container.resolve()
        #expect(engine is V8)
        #expect(attempts.count == 2)
    }

    @Test func verifyReportsEveryProblemAtOnce() throws {
        let container = try Container(
            Component {
                factory { Garage(car: try $0()) }
                single { Chicken(egg: try $0()) }
                single { Egg(chicken: try $0()) }
                single { () throws -> any Wheels in throw BuildFailure() }
            })
        let error = try #require(throws: ContainerError.self) { try container.verify() }
        let text = error.description
        #expect(text.hasPrefix("The container has 3 problems:"))
        #expect(text.contains("No registration for Car, needed by Garage → Car."))
        #expect(text.contains("Circular dependency: Chicken → Egg → Chicken."))
        #expect(text.contains("Building Wheels failed: BuildFailure()"))
    }

    @Test func verifyLeavesTheContainersSinglesUntouched() throws {
        let builds = BuildCounter()
        let container = try Container(Component { single { builds.tick() } })
        try container.verify()
        #expect(builds.count == 1)
        #expect(try container.resolve(Int.self) == 2)
    }
}

final class Garage: Sendable {
    let car: any Car

    init(car: any Car) {
        self.car = car
    }
}

@Suite struct CycleTests {
    final class Node: Sendable {
        init(next: Node) {}
    }

    final class Ping: Sendable {
        init(pong: Pong) {}
    }

    final class Pong: Sendable {
        init(ping: Ping) {}
    }

    @Test func factoryThatNeedsItselfIsACycleOfOne() throws {
        let container = try Container(Component { factory { Node(next: try $0()) } })
        let error = try #require(throws: ContainerError.self) { try container.resolve(Node.self) }
        #expect(error.description.hasPrefix("Circular dependency: CycleTests.Node → CycleTests.Node."))
    }

    @Test func cycleBetweenASingleAndAFactoryIsFoundFromEitherEnd() throws {
        let container = try Container(
            Component {
                single { Ping(pong: try $0()) }
                factory { Pong(ping: try $0()) }
            })
        let fromPong = try #require(throws: ContainerError.self) { try container.resolve(Pong.self) }
        #expect(fromPong.description.hasPrefix("Circular dependency: CycleTests.Pong → CycleTests.Ping → CycleTests.Pong."))
        let fromPing = try #require(throws: ContainerError.self) { try container.resolve(Ping.self) }
        #expect(fromPing.description.hasPrefix("Circular dependency: CycleTests.Ping → CycleTests.Pong → CycleTests.Ping."))
    }

    @Test func cycleBelowAHealthyRegistrationIsReportedWithTheCycleOnly() throws {
        let container = try Container(
            Component {
                factory { Garage(car: try $0()) }
                factory { (resolver: Resolver) throws -> any Car in
                    _ = try resolver(Node.self)
                    return Sedan(engine: V8(), wheels: Alloys())
                }
                factory { Node(next: try $0()) }
            })
        let error = try #require(throws: ContainerError.self) { try container.resolve(Garage.self) }
        #expect(error.description.hasPrefix("Circular dependency: CycleTests.Node → CycleTests.Node."))
    }
}
