import Injection
import InjectionTesting
import Testing

@Suite struct ContainerTests {
    @Test func singleIsBuiltOncePerContainer() throws {
        let container = try Container(carComponent)
        let first: any Engine = try container.resolve()
        let second: any Engine = try container.resolve()
        #expect(first as AnyObject === second as AnyObject)
    }

    @Test func factoryBuildsOnEveryResolve() throws {
        let container = try Container(carComponent)
        let first: any Car = try container.resolve()
        let second: any Car = try container.resolve()
        #expect(first as AnyObject !== second as AnyObject)
        #expect(first.engine as AnyObject === second.engine as AnyObject)
    }

    @Test func buildersWithoutDependenciesNeedNoResolverArgument() throws {
        let counter = BuildCounter()
        let container = try Container(Component { factory { counter.tick() } })
        #expect(try container.resolve(Int.self) == 1)
        #expect(try container.resolve(Int.self) == 2)
    }

    @Test func laterComponentOverridesEarlierEverywhereInTheGraph() throws {
        let override = Component { single { ElectricMotor() as any Engine } }
        let container = try Container(carComponent, override)
        let car: any Car = try container.resolve()
        #expect(car.engine is ElectricMotor)
    }

    @Test func eachContainerHasItsOwnSingles() throws {
        let first = try Container(carComponent)
        let second = try Container(carComponent)
        let a: any Engine = try first.resolve()
        let b: any Engine = try second.resolve()
        #expect(a as AnyObject !== b as AnyObject)
    }

    @Test func namedRegistrationsOfOneTypeStayApart() throws {
        let container = try Container(
            Component {
                single(name: "primary") { "primary" }
                single(name: "backup") { "backup" }
            })
        #expect(try container.resolve(String.self, name: "primary") == "primary")
        #expect(try container.resolve(String.self, name: "backup") == "backup")
        #expect(throws: ContainerError.self) { try container.resolve(String.self) }
    }

    @Test func typesWithTheSameNameInDifferentScopesNeverCollide() throws {
        let billing = Billing.Service()
        let container = try Container(
            Component {
                single { billing }
                single { Shipping.Service() }
            })
        #expect(try container.resolve(Billing.Service.self) === billing)
        #expect(try container.resolve(Shipping.Service.self) !== billing as AnyObject)
    }

    @Test func componentsNest() throws {
        let wheels = Component { single { Alloys() as any Wheels } }
        let app = Component {
            wheels
            single { V8() as any Engine }
        }
        let container = try Container(app)
        #expect(try container.resolve((any Wheels).self) is Alloys)
        #expect(try container.resolve((any Engine).self) is V8)
        #expect(Set(container.keys.map(\.description)) == ["Wheels", "Engine"])
    }

    @Test func duplicateInOneComponentIsReported() throws {
        let component = Component {
            single { V8() as any Engine }
            single { ElectricMotor() as any Engine }
        }
        let error = try #require(throws: ContainerError.self) { try Container(component) }
        #expect(error.description.contains("Registered more than once in one component: Engine."))
    }

    @Test func resolverInfersTheTypeFromContext() throws {
        let container = try Container(carComponent)
        let car: any Car = try container.resolve()
        #expect(car.engine is V8)
    }
}
