/// A service's first files, named as docs/ARCHITECTURE.md's convention says: the protocol
/// `<Name>Service`, the live `Bundled<Name>Service` (named for what it answers from), the double
/// `<Name>ServiceStub` and the contract `<Name>ServiceContract` in the Testing target, and tests
/// that run the contract against both.
struct ServiceTemplate {
    let module: Module

    var files: [String: String] {
        let name = module.name
        return [
            "\(module.sourcesDirectory)/\(name)Service.swift": """
            \(ModuleTemplates.imports(module))/// What \(name) offers the rest of the program; \(ModuleTemplates.placeholders[2])
            public protocol \(name)Service: Sendable {
                /// The item with `id`; throws `\(name)Error.notFound` when there is none.
                func item(id: String) async throws -> \(name)Item
            }

            /// One thing \(name) serves.
            public struct \(name)Item: Equatable, Sendable {
                /// Its identifier.
                public let id: String
                /// Its title.
                public let title: String

                /// An item with the given parts.
                public init(id: String, title: String) {
                    self.id = id
                    self.title = title
                }
            }

            /// Why \(name) could not answer.
            public enum \(name)Error: Error, Equatable {
                /// Nothing has the identifier.
                case notFound(id: String)
            }

            """,
            "\(module.sourcesDirectory)/Bundled\(name)Service.swift": """
            /// The \(name) service the program runs, answering from items bundled with it: add a live
            /// service named for its real source (`HTTP\(name)Service`, `SQLite\(name)Service`) beside it.
            public struct Bundled\(name)Service: \(name)Service {
                private let items: [String: \(name)Item]

                /// A service answering from `items`.
                public init(items: [\(name)Item]) {
                    self.items = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                }

                /// The item with `id`; throws `\(name)Error.notFound` when there is none.
                public func item(id: String) async throws -> \(name)Item {
                    guard let item = items[id] else { throw \(name)Error.notFound(id: id) }
                    return item
                }
            }

            """,
            "\(module.testingPath)/\(name)ServiceStub.swift": """
            \(ModuleTemplates.importLines([name, "Synchronization"]))

            /// A \(name)Service for tests of the modules that use it: fixed answers, and the ids asked for.
            public final class \(name)ServiceStub: \(name)Service {
                private let items: [\(name)Item]
                private let asked = Mutex<[String]>([])

                /// A stub answering from `items`.
                public init(items: [\(name)Item]) {
                    self.items = items
                }

                /// The ids asked for, in order.
                public var requests: [String] { asked.withLock { $0 } }

                /// The item with `id`, noting that it was asked for; throws `\(name)Error.notFound` when there is none.
                public func item(id: String) async throws -> \(name)Item {
                    asked.withLock { $0.append(id) }
                    guard let item = items.first(where: { $0.id == id }) else { throw \(name)Error.notFound(id: id) }
                    return item
                }
            }

            """,
            "\(module.testingPath)/\(name)ServiceContract.swift": """
            \(ModuleTemplates.importLines([name, "Testing"]))

            /// The behaviour every \(name)Service must have: run each spec against each implementation.
            public enum \(name)ServiceContract {
                /// One rule of the service.
                public enum Spec: String, CaseIterable, Sendable {
                    case knownItemReadsBack
                    case unknownItemIsNotFound
                }

                /// Checks `spec` on a service that `make` builds from the given items.
                public static func verify(_ spec: Spec, make: ([\(name)Item]) throws -> any \(name)Service) async throws {
                    let item = \(name)Item(id: "1", title: "First")
                    let service = try make([item])
                    switch spec {
                    case .knownItemReadsBack:
                        #expect(try await service.item(id: "1") == item)
                    case .unknownItemIsNotFound:
                        await #expect(throws: \(name)Error.notFound(id: "2")) { try await service.item(id: "2") }
                    }
                }
            }

            """,
            "\(module.testsPath)/\(name)ServiceContractTests.swift": """
            \(ModuleTemplates.importLines([name, "\(name)Testing", "Testing"]))

            @Test(arguments: \(name)ServiceContract.Spec.allCases)
            func bundledServiceMeetsTheContract(_ spec: \(name)ServiceContract.Spec) async throws {
                try await \(name)ServiceContract.verify(spec) { Bundled\(name)Service(items: $0) }
            }

            @Test(arguments: \(name)ServiceContract.Spec.allCases)
            func stubMeetsTheContract(_ spec: \(name)ServiceContract.Spec) async throws {
                try await \(name)ServiceContract.verify(spec) { \(name)ServiceStub(items: $0) }
            }

            """,
        ]
    }

    /// `name` as a property name: its leading capitals lowered, all but the last of them when
    /// a word follows (`HTTPClient` → `httpClient`, `Favorites` → `favorites`, `SQL` → `sql`).
    static func lowerCamelCase(_ name: String) -> String {
        let capitals = name.prefix { $0.isUppercase }
        guard capitals.count > 1, capitals.count < name.count else {
            return capitals.count == name.count ? name.lowercased() : name.prefix(1).lowercased() + name.dropFirst()
        }
        return capitals.dropLast().lowercased() + name.dropFirst(capitals.count - 1)
    }

    /// How to wire the service into the program: the `Component` lines for AppComponents.swift.
    var compositionRootSteps: String {
        let name = module.name
        let property = Self.lowerCamelCase(name)
        return """
            To wire it in: add "\(name)" to the dependencies in Manifests/Modules/CompositionRootKit.swift, run \
            `swift run workspace generate`, add `import \(name)` and these lines to App/CompositionRootKit/AppComponents.swift, \
            and `\(property)` to the list in `AppComponents.objects`:

                /// \(name): the live service.
                static let \(property) = Component {
                    single { Bundled\(name)Service(items: []) as any \(name)Service }
                }
            """
    }
}
