// swift-tools-version: 6.0
// For editors only: open Manifests/ in Xcode or a SourceKit-LSP editor (or `swift build` here) for
// completion and type checking of the manifests against WorkspaceDescription. `swift run
// workspace` compiles them itself, without this file (docs/WORKSPACE.md, "Manifests are Swift").
import PackageDescription

let package = Package(
    name: "Manifests",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "WorkspaceDescription", path: "WorkspaceDescription"),
        .target(
            name: "Manifests",
            dependencies: ["WorkspaceDescription"],
            path: ".",
            exclude: ["Package.swift", "WorkspaceDescription"]
        ),
    ]
)
