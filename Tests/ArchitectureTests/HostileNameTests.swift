import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `new`, `rename` and `move --to` against names the toolchain or the language reserves.
@Suite(.onOwnThread) struct HostileNameTests {
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    @Test(arguments: [
        "Foundation", "Testing", "Glibc", "Swift", "XCTest", "Dispatch", "Self", "Any", "Type", "Protocol", "Sendable", "Never",
        "Error", "String", "Int", "Array", "Dictionary", "Equatable", "Mutex", "Synchronization", "Observation", "RegexBuilder",
        "Distributed", "Cxx", "CxxStdlib", "SwiftShims", "SwiftOnoneSupport", "PackageDescription", "PackagePlugin", "ObjectiveC",
        "CoreFoundation", "FoundationEssentials", "FoundationNetworking", "Musl", "Darwin", "WinSDK", "Android", "Bionic", "Test",
    ])
    func newRefusesANameTheToolchainOrTheLanguageReserves(name: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let before = fixture.snapshot()
        let result = run(["new", name], in: fixture)
        #expect(result.status == 64)
        #expect(result.err.count == 1 && result.err.first?.hasPrefix("workspace: \(name) ") == true, "\(result.err)")
        #expect(fixture.snapshot() == before, "a refusal changes nothing")
    }

    @Test(arguments: [
        (["new", "Foundation"], "workspace: Foundation is a module of the Swift toolchain; pick another name"),
        (
            ["new", "FOUNDATION"],
            "workspace: FOUNDATION differs only in case from Foundation, a module of the Swift toolchain; pick another name"
        ),
        (["new", "Self"], "workspace: Self is a Swift keyword; pick another name"),
        (
            ["new", "String"],
            "workspace: String names a standard type (of Swift, Foundation, Synchronization or Testing), which the module would shadow; pick another name"
        ),
        (["new", "CoreTests"], "workspace: a module or target named CoreTests already exists"),
        (["new", "CORE"], "workspace: CORE differs only in case from Core, a target of this workspace; pick another name"),
        (
            ["new", "Coretesting"],
            "workspace: Coretesting differs only in case from CoreTesting, a target of this workspace; pick another name"
        ),
        (
            ["new", "FEATURE", "--template", "feature"],
            "workspace: FEATURE differs only in case from Feature, a target of this workspace; pick another name"
        ),
        (
            ["rename", "Core", "FEATURE"],
            "workspace: FEATURE differs only in case from Feature, a target of this workspace; pick another name"
        ),
        (["new", "Architecture"], "workspace: Architecture would clash with the target ArchitectureTests; pick another name"),
        (["rename", "Core", "Architecture"], "workspace: Architecture would clash with the target ArchitectureTests; pick another name"),
        (["new", "import"], "workspace: import is a Swift keyword; pick another name"),
        (["rename", "Core", "Foundation"], "workspace: Foundation is a module of the Swift toolchain; pick another name"),
        (["rename", "Core", "Any"], "workspace: Any is a Swift keyword; pick another name"),
        (["rename", "Foundation", "Storage"], "workspace: Foundation is a module of the Swift toolchain, not of this workspace"),
        (["rename", "Swift", "Language"], "workspace: Swift is a module of the Swift toolchain, not of this workspace"),
        (
            ["move", "Modules/Core/Sources/Core.swift", "--to", "Foundation"],
            "workspace: Foundation is a module of the Swift toolchain, not a target of this workspace"
        ),
        (
            ["move", "Modules/Core/Sources/Core.swift", "--to", "XCTest"],
            "workspace: XCTest is a module of the Swift toolchain, not a target of this workspace"
        ),
    ])
    func refusalNamesWhy(arguments: [String], message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(
                of: "tools: []", with: "tools: [.tests(name: \"ArchitectureTests\", path: \"Tests/ArchitectureTests\", dependencies: [])]"))
        try fixture.write("Tests/ArchitectureTests/Rules.swift", "import Testing\n")
        try fixture.write("Modules/Feature/Sources/UsesFoundation.swift", "import Foundation\nimport Core\n")
        try fixture.generate()
        let before = fixture.snapshot()
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
        #expect(fixture.snapshot() == before, "a refusal changes nothing")
    }

    /// A name of 240 characters once left the files it could write behind, failing on the first file name over 255 bytes.
    @Test func anOverlongNameIsRefusedAndLeavesNothingBehind() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let before = fixture.snapshot()
        let name = "A" + String(repeating: "b", count: 239)
        for template in ["library", "service", "feature"] {
            let result = run(["new", name, "--template", template], in: fixture)
            #expect(result.status == 64)
            #expect(result.err == ["workspace: Abbbbbbbbbbbbbbbbbbb… is 240 characters long; a module name has at most 64"])
            #expect(fixture.snapshot() == before, "nothing is left behind")
        }
        let longest = run(["new", "A" + String(repeating: "b", count: 63)], in: fixture)
        #expect(longest.status == 0, "64 characters are allowed: \(longest.err)")
    }

    /// A scaffold that fails halfway (here a file stands where the tests' folder goes) removes what
    /// it wrote; the compiled manifests it read on the way stay in `.build`'s cache.
    @Test func newIsAllOrNothing() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Tests/FavoritesTests", "a file where the folder should be\n")
        let before = fixture.snapshot(skipping: [".build"])
        for template in ["library", "service", "feature"] {
            let result = run(["new", "Favorites", "--template", template], in: fixture)
            #expect(result.status != 0)
            #expect(result.err.count == 1, "\(result.err)")
            #expect(fixture.snapshot(skipping: [".build"]) == before, "nothing is left behind")
        }
    }

    /// A manifest written by hand is held to the same names: exit 65 naming the file and line.
    @Test(arguments: [
        ("Foundation", "Foundation is a module of the Swift toolchain; pick another name"),
        ("Self", "Self is a Swift keyword; pick another name"),
        (
            "Int",
            "Int names a standard type (of Swift, Foundation, Synchronization or Testing), which the module would shadow; pick another name"
        ),
    ])
    func aManifestNamingAReservedModuleIsRefused(name: String, message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Bad.swift", FixtureWorkspace.manifest("Bad", "\n        \"\(name)\",\n        layer: .core\n    "))
        let result = run(["check"], in: fixture)
        #expect(result.status == 65)
        #expect(result.err == ["workspace: Manifests/Modules/Bad.swift:5: \(message)"])
    }

    /// Names that only contain a reserved one are fine: `FoundationKit`, `StringCatalog`, `Selfie`.
    @Test func namesThatMerelyContainAReservedNameAreAccepted() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        for name in ["FoundationKit", "StringCatalog", "Selfie", "Anything", "Testable"] {
            let result = run(["new", name], in: fixture)
            #expect(result.status == 0, "\(name): \(result.err)")
        }
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }
}
