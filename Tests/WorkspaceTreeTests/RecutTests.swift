import Foundation
import TestSupport
import Testing

/// What the re-cut promised, checked on this repository itself so that it stays true: socket
/// calls in one module, a composition root that only composes, caching without a codec, and no
/// module named for something it does not hold.
@Suite(.onOwnThread) struct RecutTests {
    /// The repository this checkout is.
    static let root = WorkspaceTree.root

    /// Every Swift file below `folders`, relative to the root, with its text.
    private static func swiftFiles(in folders: [String]) -> [(path: String, text: String)] {
        folders.flatMap { folder -> [(path: String, text: String)] in
            let base = root.appendingPathComponent(folder)
            let paths = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []
            return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
                (try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)).map { ("\(folder)/\(path)", $0) }
            }
        }
    }

    /// `text` without its comments: what a line says after `//`, and doc comments.
    private static func code(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
    }

    @Test func socketSystemCallsAppearInTheSocketsModuleOnly() throws {
        // A call of the C function: an unqualified name, then a descriptor (or AF_…) and an unlabelled second argument.
        let call = try Regex(#"(^|[^.\w])(socket|bind|listen|accept|connect|setsockopt|recv|send)\((AF_\w+|\w+), (?!\w+:)"#)
        let files = Self.swiftFiles(in: ["Modules", "App", "Tests", "Tools", "Benchmarks"])
        #expect(files.count > 300, "the scan found the sources")
        var offenders: [String] = []
        var inSockets = 0
        for file in files {
            let calls = Self.code(file.text).filter { $0.contains(call) }.count
            if file.path.hasPrefix("Modules/Sockets/Sources/") {
                inSockets += calls
            } else if calls > 0 {
                offenders.append(file.path)
            }
        }
        #expect(offenders == [])
        #expect(inSockets >= 8, "the scan recognises the calls it forbids elsewhere")
    }

    /// The composition root grows by a small file per feature and per backend, never by one long
    /// file: a cap on each file holds at a team's tenth backend, where a cap on the total does not.
    @Test func theCompositionRootGrowsByFilesNotLines() {
        let files = Self.swiftFiles(in: ["App/CompositionRoot", "App/CompositionRootKit"]).map {
            (path: $0.path, lines: $0.text.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
        #expect(files.count > 4)
        #expect(files.filter { $0.lines > 150 }.map(\.path) == [], "no hand-written file of the root over 150 lines")
        let backends = files.filter { $0.path.hasPrefix("App/CompositionRootKit/Backends/") }
        #expect(backends.count >= 4)
        #expect(backends.filter { $0.lines > 80 }.map(\.path) == [], "a backend is one short file")
    }

    /// The root picks a cache, a store and a source through their registrations, never by switching over the choices.
    @Test func theRootSwitchesOverNoBackendChoice() {
        let files = Self.swiftFiles(in: ["App/CompositionRoot", "App/CompositionRootKit"])
        let switching = files.filter { file in
            Self.code(file.text).contains { line in
                ["cache", "store", "provider"].flatMap { ["switch configuration.\($0)", "\($0) == ."] }.contains { line.contains($0) }
            }
        }
        #expect(switching.map(\.path) == [])
    }

    @Test func storageHoldsNoEncoderOrDecoder() throws {
        let coder = try Regex(#":\s*[^{]*\b(Encoder|Decoder)\b"#)
        let files = Self.swiftFiles(in: ["Modules/Storage/Sources"])
        #expect(!files.isEmpty)
        #expect(files.filter { file in Self.code(file.text).contains { $0.contains(coder) && $0.contains("class") } }.map(\.path) == [])
        #expect(
            Self.swiftFiles(in: ["Modules/PayloadCoding/Sources"]).contains { $0.text.contains("final class PayloadValueDecoder: Decoder") }
        )
    }

    @Test func noModuleIsNamedPersistence() {
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Modules").path)) ?? []
        #expect(modules.contains("SQLite"))
        #expect(!modules.contains("Persistence"))
    }
}
