// swift-tools-version: 6.0
// The Swinject peer of the injection.build benchmark: a package of its own, outside the project's
// graph (the project takes no third-party dependency). The Benchmarks program builds and runs it.
import PackageDescription

let package = Package(
    name: "SwinjectPeer",
    dependencies: [.package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0")],
    targets: [.executableTarget(name: "SwinjectPeer", dependencies: ["Swinject"], path: ".", exclude: ["Package.swift"])],
    swiftLanguageModes: [.v6]
)
