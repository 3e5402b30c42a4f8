// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Excelsior",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "CompositionRoot", targets: ["CompositionRoot"]),
    ],
    targets: [
        .target(name: "Client", path: "Modules/Client/Sources"),
        .target(name: "ClientTesting", dependencies: ["Client"], path: "Modules/Client/Testing"),
        .testTarget(name: "ClientTests", dependencies: ["Client", "ClientTesting"], path: "Tests/ClientTests"),
        .target(
            name: "DataProviders", dependencies: ["Client"], path: "Modules/DataProviders",
            exclude: ["Testing"], sources: ["Sources"], resources: [.copy("Resources/Fixtures")]),
        .target(name: "DataProvidersTesting", dependencies: ["DataProviders", "Client"], path: "Modules/DataProviders/Testing"),
        .testTarget(name: "DataProvidersTests", dependencies: ["DataProviders", "DataProvidersTesting", "Client", "ClientTesting"], path: "Tests/DataProvidersTests"),
        .target(name: "Storage", path: "Modules/Storage/Sources"),
        .target(name: "StorageTesting", dependencies: ["Storage"], path: "Modules/Storage/Testing"),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageTesting"], path: "Tests/StorageTests"),
        .target(name: "Repository", dependencies: ["DataProviders", "Storage"], path: "Modules/Repository/Sources"),
        .target(name: "RepositoryTesting", dependencies: ["Repository", "DataProviders", "Storage"], path: "Modules/Repository/Testing"),
        .testTarget(name: "RepositoryTests", dependencies: ["Repository", "RepositoryTesting", "DataProviders", "DataProvidersTesting", "Storage", "StorageTesting"], path: "Tests/RepositoryTests"),
        .target(name: "Injection", path: "Modules/Injection/Sources"),
        .target(name: "InjectionTesting", dependencies: ["Injection"], path: "Modules/Injection/Testing"),
        .testTarget(name: "InjectionTests", dependencies: ["Injection", "InjectionTesting"], path: "Tests/InjectionTests"),
        .executableTarget(name: "CompositionRoot", dependencies: ["Client", "DataProviders", "Storage", "Repository", "Injection"], path: "App/CompositionRoot"),
        .executableTarget(name: "Benchmarks", dependencies: ["Injection", "Storage", "StorageTesting", "Client", "DataProviders", "Repository"], path: "Benchmarks"),
        .testTarget(name: "CompositionRootTests", dependencies: ["CompositionRoot", "Client", "DataProviders", "Storage", "Repository", "Injection", "RepositoryTesting"], path: "Tests/CompositionRootTests"),
    ],
    swiftLanguageModes: [.v6]
)
