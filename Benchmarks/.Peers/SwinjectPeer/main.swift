import Foundation
import Swinject

// `SwinjectPeer ROUNDS OPERATIONS`: registers what the injection.build case builds (50 components,
// each 2 singles and 1 factory, all named) into a new Swinject container, OPERATIONS times per
// round after a warm-up of a tenth as many; prints each round's ns per container on one line.
final class Service {}
final class Settings {}
final class Request {}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 7
let operations = arguments.dropFirst().first ?? 1_000
let names = (0..<50).map { ("service-\($0)", "settings-\($0)", "request-\($0)") }

@inline(never)
func keep(_ container: Container) {
    withExtendedLifetime(container) {}
}

func build(_ count: Int) {
    for _ in 0..<count {
        let container = Container()
        for (service, settings, request) in names {
            container.register(Service.self, name: service) { _ in Service() }.inObjectScope(.container)
            container.register(Settings.self, name: settings) { _ in Settings() }.inObjectScope(.container)
            container.register(Request.self, name: request) { _ in Request() }.inObjectScope(.transient)
        }
        keep(container)
    }
}

build(max(1, operations / 10))
var samples: [String] = []
for _ in 0..<rounds {
    let start = ContinuousClock.now
    build(operations)
    let elapsed = ContinuousClock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(String(nanoseconds / Double(operations)))
}
print(samples.joined(separator: " "))
