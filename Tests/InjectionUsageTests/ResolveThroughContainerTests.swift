import Injection
import Testing

final class Parent: Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

final class Child: Sendable {
    let parent: Provider<Parent>
    init(parent: Provider<Parent>) { self.parent = parent }
}

final class Leaf: Sendable {}
final class Branch: Sendable {
    init(leaf: Leaf) {}
}

/// A builder that resolves through the container instead of `$0` continues the same build: it
/// works, and a real cycle is a clear cycle error, never a trap or a hang.
@Suite struct ResolveThroughContainerTests {
    @Test func aSynchronousBuilderMayResolveThroughTheContainer() async throws {
        let late = Late()
        let container = try Container(
            Component {
                single { Leaf() }
                single { _ in Branch(leaf: try late.container.resolve()) }
            })
        late.set(container)
        _ = try await onThread { try container.resolve(Branch.self) }
    }

    @Test func aCycleThroughTheContainerIsACycleErrorNotATrap() async throws {
        let late = Late()
        let container = try Container(
            Component {
                single { _ in Parent(child: try late.container.resolve()) }
                single { Child(parent: try ($0(Parent.self) as Parent).child.parent) }
            })
        late.set(container)
        let error = try await onThread { () -> ContainerError? in
            do {
                _ = try container.resolve(Parent.self)
                return nil
            } catch let error as ContainerError {
                return error
            }
        }
        let cycle = try #require(error)
        #expect(cycle.description.hasPrefix("Circular dependency: Parent → Child → Parent."), "\(cycle)")
        #expect(cycle.description.contains("Provider<Parent>"))
    }

    @Test func aCycleThroughAFactoryResolvedThroughTheContainerIsAnErrorNotADeadlock() async throws {
        let late = Late()
        let container = try Container(
            Component {
                single { _ in Parent(child: try late.container.resolve()) }
                factory { Child(parent: try ($0(Parent.self) as Parent).child.parent) }
            })
        late.set(container)
        let failed = try await onThread { () -> Bool in
            do {
                _ = try container.resolve(Parent.self)
                return false
            } catch {
                return "\(error)".contains("Circular dependency")
            }
        }
        #expect(failed)
    }

    @Test func anAsyncCycleThroughTheContainerIsACycleErrorNotAHang() async throws {
        let late = Late()
        let container = try Container(
            Component {
                single { (_: AsyncResolver) async throws -> Parent in Parent(child: try await late.container.resolve()) }
                single { (resolver: AsyncResolver) async throws -> Child in Child(parent: try await resolver(Parent.self).child.parent) }
            })
        late.set(container)
        let error = try await bounded { () -> ContainerError? in
            do {
                _ = try await container.async.resolve(Parent.self)
                return nil
            } catch let error as ContainerError {
                return error
            }
        }
        #expect(error?.description.hasPrefix("Circular dependency: Parent → Child → Parent.") == true, "\(String(describing: error))")
    }

    @Test func aProviderBreaksTheCycleAndResolvesThroughTheContainerLater() async throws {
        let container = try Container(
            Component {
                single { Parent(child: try $0()) }
                single { Child(parent: Provider($0)) }
            })
        let parent = try await container.async.resolve(Parent.self)
        #expect(try await parent.child.parent() === parent)
        let fromThread = try await onThread { try resolveNow(parent.child.parent) }
        #expect(fromThread === parent)
    }
}

/// A provider called from synchronous code.
func resolveNow(_ provider: Provider<Parent>) throws -> Parent {
    try provider()
}
