import Injection
import InjectionTesting
import Testing

/// How a container reads its components: duplicates, overrides and named keys, as found by the
/// one pass that builds its table.
@Suite struct RegistrationTableTests {
    @Test func duplicatesAreListedOncePerComponentInTheOrderFound() throws {
        let first = Component {
            single { V8() as any Engine }
            single(name: "spare") { Alloys() as any Wheels }
            single { ElectricMotor() as any Engine }
            single(name: "spare") { Alloys() as any Wheels }
            single { V8() as any Engine }
        }
        let second = Component {
            single { Alloys() as any Wheels }
            single { V8() as any Engine }
            single { Alloys() as any Wheels }
        }
        let error = try #require(throws: ContainerError.self) { try Container(first, second) }
        #expect(
            error.description.hasPrefix("Registered more than once in one component: Engine, Wheels(name: \"spare\"), Wheels."))
    }

    @Test func aKeyOverriddenByALaterComponentIsNoDuplicateUnlessThatComponentRepeatsIt() throws {
        let base = Component { single { V8() as any Engine } }
        _ = try Container(base, Component { single { ElectricMotor() as any Engine } })
        let twice = Component {
            single { ElectricMotor() as any Engine }
            single { ElectricMotor() as any Engine }
        }
        let error = try #require(throws: ContainerError.self) { try Container(base, twice) }
        #expect(error.description.hasPrefix("Registered more than once in one component: Engine."))
    }

    @Test func aNestedComponentRepeatingItsParentsKeyIsADuplicate() throws {
        let wheels = Component { single(name: "winter") { Alloys() as any Wheels } }
        let app = Component {
            wheels
            single(name: "winter") { Alloys() as any Wheels }
        }
        let error = try #require(throws: ContainerError.self) { try Container(app) }
        #expect(error.description.hasPrefix("Registered more than once in one component: Wheels(name: \"winter\")."))
    }

    @Test func overridesKeepTheFirstRegistrationsPlaceAndTheLastOnesBuilder() throws {
        let container = try Container(
            carComponent, Component { single { Alloys() as any Wheels } }, Component { single { ElectricMotor() as any Engine } })
        #expect(container.keys.map(\.description) == ["Engine", "Wheels", "Car"])
        #expect(try container.resolve((any Engine).self) is ElectricMotor)
    }

    @Test func manyNamedRegistrationsOfOneTypeEachFindTheirOwn() throws {
        let names = (0..<300).map { "name-\($0)" } + ["", "a much longer name than fits in a small string, to be sure"]
        let container = try Container(
            Component {
                for name in names { single(name: name) { name } }
                single { "unnamed" }
            })
        for name in names { #expect(try container.resolve(String.self, name: name) == name) }
        #expect(try container.resolve(String.self) == "unnamed")
        #expect(throws: ContainerError.self) { try container.resolve(String.self, name: "name-300") }
        #expect(container.keys.count == names.count + 1)
    }

    @Test func containersSharingAFactoryRegistrationStillBuildAnewAndSeeTheirOwnSingles() throws {
        let first = try Container(carComponent)
        let second = try Container(carComponent)
        let a: any Car = try first.resolve()
        let b: any Car = try second.resolve()
        #expect(a as AnyObject !== b as AnyObject)
        #expect(a.engine as AnyObject === (try first.resolve((any Engine).self)) as AnyObject)
        #expect(b.engine as AnyObject === (try second.resolve((any Engine).self)) as AnyObject)
        #expect(a.engine as AnyObject !== b.engine as AnyObject)
    }

    @Test func aContainerReleasesItsSinglesWhenItGoes() throws {
        weak var engine: V8?
        do {
            let container = try Container(Component { single { V8() } })
            engine = try container.resolve(V8.self)
            #expect(engine != nil)
        }
        #expect(engine == nil)
    }
}
