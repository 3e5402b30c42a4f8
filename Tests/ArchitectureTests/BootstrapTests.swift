import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `Tools/bootstrap/workspace` builds the tool with swiftc alone and regenerates a Package.swift
/// that no longer parses, which `swift run workspace` cannot build from.
@Suite(.onOwnThread) struct BootstrapTests {
    @Test func aPackageSwiftThatNoLongerParsesIsRegenerated() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Package.swift", "// swift-tools-version: 6.0\nlet package = Package(name: \"Broken\", targets: [\n")
        let script = FixtureWorkspace.packageRoot.appendingPathComponent("Tools/bootstrap/workspace").path
        let result = try ProgramRunner.run([script, "generate"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Wrote Package.swift"), "\(result.output)")
        let package = try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package == PackageGenerator.packageSwift(for: try ManifestLoader.load(root: fixture.root)))
    }
}
