import Foundation
import TestSupport
import Testing
import WorkspaceKit

@Suite(.onOwnThread) struct MoveTests {
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    private func read(_ path: String, in fixture: FixtureWorkspace) throws -> String {
        try String(contentsOf: fixture.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func moveCarriesAFileToAnotherModuleWithTheImportsAndDependenciesThatFollow() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Socket.swift", "public struct Socket {}\n")
        try fixture.write("Modules/Core/Sources/Lingers.swift", "public struct Lingers { let socket: Socket }\n")
        try fixture.write("Modules/Feature/Sources/Uses.swift", "import Core\n\nlet socket = Socket()\n")
        try fixture.write("Modules/Feature/Sources/Unrelated.swift", "import Core\n\nlet core = Core.self\n")
        try fixture.write("Tests/FeatureTests/Mentions.swift", "import Core\nimport Testing\n\n// Socket in a comment only\n")
        try fixture.write(
            "Manifests/Modules/Feature.swift",
            FixtureWorkspace.manifest("Feature", #""Feature", layer: .feature, dependencies: ["Core"], tests: ["Core", "FeatureTesting"]"#))

        let result = run(["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.first == "Moved 1 file to Wire. Package.swift regenerated.")
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Modules/Core/Sources/Socket.swift").path))
        #expect(try read("Modules/Wire/Sources/Socket.swift", in: fixture) == "public struct Socket {}\n")
        #expect(try read("Modules/Feature/Sources/Uses.swift", in: fixture) == "import Core\nimport Wire\n\nlet socket = Socket()\n")
        #expect(try read("Modules/Feature/Sources/Unrelated.swift", in: fixture) == "import Core\n\nlet core = Core.self\n")
        #expect(
            try read("Tests/FeatureTests/Mentions.swift", in: fixture) == "import Core\nimport Testing\n\n// Socket in a comment only\n")
        #expect(
            try read("Modules/Core/Sources/Lingers.swift", in: fixture) == "import Wire\npublic struct Lingers { let socket: Socket }\n")
        #expect(try read("Manifests/Modules/Feature.swift", in: fixture).contains(#"dependencies: ["Core", "Wire"]"#))
        #expect(try read("Manifests/Modules/Core.swift", in: fixture).contains(#"dependencies: ["Wire"]"#))
        #expect(result.out.contains("  may no longer need: Modules/Feature/Sources/Uses.swift (import Core)"))
        // The one thing the move cannot decide: Core and Wire share a layer that may depend on none.
        #expect(
            try fixture.problems() == [
                "Manifests/Modules/Core.swift: Core (core) must not depend on Wire (core): core may depend on no layer",
                "Modules/Core/Sources/Lingers.swift:1: Core (core) must not depend on Wire (core): core may depend on no layer",
            ], "\((try? fixture.problems()) ?? [])")
    }

    /// A symbolic link is not rewritten through: the move says which one may need the import.
    @Test func aSymbolicLinkThatNamesAMovedTypeIsListed() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Socket.swift", "public struct Socket {}\n")
        try fixture.write("Shared/Uses.swift", "import Core\n\nlet socket = Socket()\n")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("Modules/Feature/Sources/Uses.swift").path,
            withDestinationPath: "../../../Shared/Uses.swift")
        let result = run(["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.first == "Moved 1 file to Wire. Package.swift regenerated.")
        #expect(
            result.out.contains("  a symbolic link, left unchanged: Modules/Feature/Sources/Uses.swift (import Wire?)"), "\(result.out)")
        #expect(try read("Shared/Uses.swift", in: fixture) == "import Core\n\nlet socket = Socket()\n")
    }

    @Test func aNestedTypeOfAMovedFileDoesNotPullItsNameElsewhere() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Frame.swift", "public struct Frame {\n    public struct Item {}\n}\n")
        try fixture.write("Modules/Feature/Sources/Item.swift", "import Core\n\nstruct Item {}\nlet item = Item()\n")

        let result = run(["move", "Modules/Core/Sources/Frame.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(try read("Modules/Feature/Sources/Item.swift", in: fixture) == "import Core\n\nstruct Item {}\nlet item = Item()\n")
        #expect(!(try read("Manifests/Modules/Feature.swift", in: fixture).contains("Wire")))
    }

    @Test func aMovedFileThatUsesWhatStaysBehindImportsIt() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Frame.swift", "public struct Frame { let core: Core }\n")

        let result = run(["move", "Modules/Core/Sources/Frame.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(try read("Modules/Wire/Sources/Frame.swift", in: fixture) == "import Core\npublic struct Frame { let core: Core }\n")
        #expect(try read("Manifests/Modules/Wire.swift", in: fixture).contains(#"dependencies: ["Core"]"#))
    }

    @Test func aFolderKeepsItsNameAndTestsMoveToTheirTestTarget() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Tests/CoreTests/Sockets/SocketTests.swift", "import Testing\n\n@Test func opens() {}\n")

        let result = run(["move", "Tests/CoreTests/Sockets", "--to", "WireTests"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(try read("Tests/WireTests/Sockets/SocketTests.swift", in: fixture).hasPrefix("import Testing"))
    }

    @Test(arguments: [
        (
            ["move", "--to", "Wire"],
            "workspace: move needs paths and a target, such as 'move Modules/Client/Sources/Socket.swift --to Sockets'."
        ),
        (
            ["move", "Modules/Core/Sources/Core.swift"],
            "workspace: move needs paths and a target, such as 'move Modules/Client/Sources/Socket.swift --to Sockets'."
        ),
        (["move", "Modules/Core/Sources/Core.swift", "--to"], "workspace: --to needs a value."),
        (
            ["move", "Modules/Core/Sources/Core.swift", "--to", "Nowhere"],
            "workspace: unknown target Nowhere: name a module, its Testing target or its Tests target"
        ),
        (
            ["move", "Modules/Core/Sources/Missing.swift", "--to", "Feature"],
            "workspace: Modules/Core/Sources/Missing.swift does not exist"
        ),
        (["move", "Modules/Core/Sources/Core.swift", "--to", "Core"], "workspace: the files are already in Core"),
    ])
    func moveRefusesWhatItCannotDo(_ arguments: [String], _ message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
    }
}
