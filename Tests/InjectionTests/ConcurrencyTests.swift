import Injection
import InjectionTesting
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    @Test func aThousandConcurrentResolvesBuildExactlyOneSingle() async throws {
        let builds = BuildCounter()
        let container = try Container(
            Component {
                single { () -> any Engine in
                    builds.tick()
                    return V8()
                }
            })
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(try container.resolveSynchronously((any Engine).self) as AnyObject) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(builds.count == 1)
        #expect(identities.count == 1)
    }

    @Test func singleWhoseBuilderResolvesOtherSinglesDoesNotDeadlock() async throws {
        let container = try Container(
            Component {
                single { V8() as any Engine }
                single { Alloys() as any Wheels }
                single { Sedan(engine: try $0(), wheels: try $0()) as any Car }
                single { Garage(car: try $0()) }
            })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        _ = try container.resolveSynchronously(Garage.self)
                    } else {
                        _ = try container.resolveSynchronously((any Wheels).self)
                    }
                }
            }
            try await group.waitForAll()
        }
        let garage = try container.resolveSynchronously(Garage.self)
        #expect(garage.car.engine as AnyObject === (try container.resolveSynchronously((any Engine).self)) as AnyObject)
    }

    @Test func containersUsedInParallelDoNotLeakIntoEachOther() async throws {
        let override = Component { single { ElectricMotor() as any Engine } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let overridden = index.isMultiple(of: 2)
                    let container = try overridden ? Container(carComponent, override) : Container(carComponent)
                    let car: any Car = try container.resolveSynchronously()
                    #expect((car.engine is ElectricMotor) == overridden)
                }
            }
            try await group.waitForAll()
        }
    }
}
