import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// Manifests whose helpers print, exit, trap, recurse for ever or flood standard error, and a
/// cache or build folder that is broken: each gets one clear error naming the manifest (65), or
/// no error at all where nothing is wrong with the manifests.
@Suite(.onOwnThread) struct HostileManifestTests {
    private struct Result: Sendable {
        let status: Int32
        let out: [String]
        let err: String
    }

    /// Runs `check` on its own thread: reading the manifests waits for the compiler and their program.
    private func check(_ fixture: FixtureWorkspace) async throws -> Result {
        let root = fixture.root
        return try await onOwnThread {
            var out: [String] = []
            var err: [String] = []
            let status = WorkspaceCommand.run(["check"], root: root, out: { out.append($0) }, err: { err.append($0) })
            return Result(status: status, out: out, err: err.joined(separator: "\n"))
        }
    }

    /// A fixture whose Core manifest calls `Module.hostile`, a helper in
    /// `Manifests/Helpers/Hostile/Module+Hostile.swift` whose body is `body`.
    private func fixture(helperBody body: String) async throws -> FixtureWorkspace {
        try await FixtureWorkspace.hostile(helperBody: body, at: "Hostile/Module+Hostile.swift")
    }

    @Test func aHelperPrintingToStandardOutputBreaksNothing() async throws {
        let fixture = try await fixture(
            helperBody: """
                        print("hello from a helper")
                        print("{\\"not\\": \\"the output\\"}")
                        FileHandle.standardOutput.write(Data("no newline at the end".utf8))
                """)
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == ["The workspace follows its manifests and rules."])
    }

    @Test func aHelperCallingExitZeroIsNamed() async throws {
        let fixture = try await fixture(helperBody: "        exit(0)")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 65)
        #expect(
            result.err
                == "the manifests' program ended before writing its output, evaluating Manifests/Modules/Core.swift "
                + "(a manifest or a helper called exit?)")
    }

    @Test func aHelperExitingWithAStatusIsNamed() async throws {
        let fixture = try await fixture(helperBody: "        FileHandle.standardError.write(Data(\"giving up\\n\".utf8))\n        exit(3)")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 65)
        #expect(result.err == "giving up\nthe manifests' program exited 3, evaluating Manifests/Modules/Core.swift")
    }

    /// A title, a clear screen and the alternate screen on standard error reach the terminal as
    /// U+FFFD, as the product's messages do.
    @Test func aHelpersControlCharactersAreReplaced() async throws {
        let fixture = try await fixture(
            helperBody:
                #"        FileHandle.standardError.write(Data("\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[?1049h\u{9B}2J gave up\n".utf8))"#
                + "\n        exit(3)")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 65)
        #expect(
            result.err
                == "\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}[?1049h\u{FFFD}2J gave up\n"
                + "the manifests' program exited 3, evaluating Manifests/Modules/Core.swift")
    }

    /// A trap prints the helper's `#fileID`, `Manifests/Module+Hostile.swift`: it is shown as the helper's path.
    @Test func aHelpersFatalErrorNamesTheHelpersPath() async throws {
        let fixture = try await fixture(helperBody: "        if name == \"Core\" { fatalError(\"no Core here\") }")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 65)
        #expect(result.err.contains("Manifests/Helpers/Hostile/Module+Hostile.swift:6: Fatal error: no Core here"), "\(result.err)")
        #expect(!result.err.contains("Manifests/Module+Hostile.swift"), "\(result.err)")
        #expect(result.err.hasSuffix(", evaluating Manifests/Modules/Core.swift"), "\(result.err)")
    }

    @Test func aHelperRecursingForEverIsNamed() async throws {
        let fixture = try await fixture(
            helperBody: "        func deeper(_ depth: Int) -> Int { depth == -1 ? 0 : deeper(depth + 1) + 1 }\n        _ = deeper(0)")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 65)
        #expect(result.err.contains("the manifests' program was killed by signal"), "\(result.err)")
        #expect(result.err.hasSuffix(", evaluating Manifests/Modules/Core.swift"), "\(result.err)")
    }

    /// 256 KiB to standard error, four times what a pipe holds: the tool reads it while it waits.
    @Test(.timeLimit(.minutes(10))) func aHelperFloodingStandardErrorDoesNotStallTheTool() async throws {
        let fixture = try await fixture(
            helperBody: "        FileHandle.standardError.write(Data(String(repeating: \"noise \", count: 44_000).utf8))")
        defer { fixture.remove() }
        let result = try await check(fixture)
        #expect(result.status == 0, "\(result.err.prefix(500))")
    }

    /// A cache entry cut short (a full disk, a killed writer) is built again, not an error for ever.
    @Test func aTruncatedCacheEntryIsBuiltAgain() async throws {
        let fixture = try await onOwnThread { try FixtureWorkspace() }
        defer { fixture.remove() }
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".json") })
        let entry = cache.appendingPathComponent(name)
        let whole = try Data(contentsOf: entry)
        try whole.prefix(whole.count / 2).write(to: entry)
        let result = try await check(fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: entry))) != nil, "the entry is whole again")
    }

    /// The build folder cannot be written (here `.build` is a file): exit 74 naming the folder.
    @Test func anUnwritableBuildFolderIsNamed() async throws {
        let fixture = try await onOwnThread { try FixtureWorkspace() }
        defer { fixture.remove() }
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(".build"))
        try fixture.write(".build", "not a folder\n")
        let result = try await check(fixture)
        #expect(result.status == 74)
        #expect(result.err == "workspace: cannot write .build/workspace-manifests: Not a directory")
    }

    /// Two tools reading one workspace cold at once (each compiles in its own folder) agree.
    @Test func concurrentColdChecksAgree() async throws {
        let fixture = try await fixture(helperBody: "        _ = name.count")
        defer { fixture.remove() }
        async let first = check(fixture)
        async let second = check(fixture)
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out == ["The workspace follows its manifests and rules."])
        }
    }
}
