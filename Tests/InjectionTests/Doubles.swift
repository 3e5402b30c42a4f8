import Injection
import InjectionTesting

protocol Engine: Sendable {}
protocol Wheels: Sendable {}
protocol Car: Sendable {
    var engine: any Engine { get }
}

final class V8: Engine {}
final class Alloys: Wheels {}
final class ElectricMotor: Engine {}

final class Sedan: Car {
    let engine: any Engine
    let wheels: any Wheels

    init(engine: any Engine, wheels: any Wheels) {
        self.engine = engine
        self.wheels = wheels
    }
}

/// Two unrelated types that share the name `Service`.
enum Billing { final class Service: Sendable {} }
enum Shipping { final class Service: Sendable {} }

/// Types that need each other, to build a cycle.
final class Chicken: Sendable {
    init(egg: Egg) {}
}

final class Egg: Sendable {
    init(chicken: Chicken) {}
}

struct BuildFailure: Error, Equatable {}

let carComponent = Component {
    single { V8() as any Engine }
    single { Alloys() as any Wheels }
    factory { Sedan(engine: try $0(), wheels: try $0()) as any Car }
}

extension Container {
    /// The synchronous `resolve`, for async tests (where `try await resolve()` is the async one).
    func resolveSynchronously<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        try resolve(type, name: name)
    }

    /// The synchronous `verify()`, for async tests.
    func verifySynchronously() throws {
        try verify()
    }
}
