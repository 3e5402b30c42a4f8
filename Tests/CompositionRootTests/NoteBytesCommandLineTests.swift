import Foundation
import TestSupport
import Testing

/// A `--note` whose bytes are not UTF-8 is refused (64, one line naming the option) instead of
/// being stored with U+FFFD in place of the bytes; a note holding U+FFFD itself, as valid UTF-8,
/// is still accepted. The arguments are passed as raw bytes, as a shell would pass them.
@Suite(.onOwnThread) struct NoteBytesCommandLineTests {
    static let notUTF8: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" au lait ".utf8) + [0xFF, 0xFE]
    static let refusal = "CompositionRoot: --note must be UTF-8 text; the bytes given are not."

    @Test(arguments: [
        ["update", "1009610"], ["add", "1011334"],
    ])
    func aNoteThatIsNotUTF8IsRefused(_ verb: [String]) async throws {
        let data = FavoritesCommandLineTests.DataDirectory()
        #expect(try await data.run(["add", "1009610", "--note", "before"]).status == 0)
        let forms: [[[UInt8]]] = [[Array("--note".utf8), Self.notUTF8], [Array("--note=".utf8) + Self.notUTF8]]
        for form in forms {
            let run = try await RawArgumentRun(
                (["favorites"] + verb).map { Array($0.utf8) } + form + [Array("--data-dir".utf8), Array(data.url.path.utf8)])
            #expect(run.status == 64, "\(verb) \(form): \(run.stderr)")
            #expect(run.stderrLines == [Self.refusal + FavoritesCommandLineTests.usageHint], "\(verb)")
        }
        #expect(try await Self.notes(in: data) == [1_009_610: "before"])
    }

    @Test func aNoteHoldingTheReplacementCharacterAsUTF8IsKept() async throws {
        let data = FavoritesCommandLineTests.DataDirectory()
        let note = "unknown \u{FFFD} glyph"
        #expect(try await data.run(["add", "1009610", "--note", note]).status == 0)
        let updated = try await RawArgumentRun(
            ["favorites", "update", "1009610", "--note=\(note)!", "--data-dir", data.url.path].map { Array($0.utf8) })
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try await Self.notes(in: data) == [1_009_610: note + "!"])
    }

    /// The note of every favourite, by character id, as `list --format json` gives them.
    static func notes(in data: FavoritesCommandLineTests.DataDirectory) async throws -> [Int: String] {
        let listed = try await data.run(["list", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: results.compactMap { item in
                (item["characterId"] as? Int).map { ($0, item["note"] as? String ?? "") }
            })
    }
}

/// One run of the built program with arguments given as bytes (`Process` takes only strings),
/// waited for on a thread of its own.
struct RawArgumentRun {
    let status: Int32
    let stdout: String
    let stderr: String

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    init(_ arguments: [[UInt8]]) async throws {
        let executable = try ProgramRun.executable().path
        self = try await onOwnThread { try Self.run(executable, arguments) }
    }

    private init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func run(_ executable: String, _ arguments: [[UInt8]]) throws -> RawArgumentRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("raw-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([Array(executable.utf8)] + arguments).map(Self.cString) + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return RawArgumentRun(status: code, stdout: read(outPath), stderr: read(errPath))
    }

    /// A `malloc`ed copy of `bytes` ending in NUL, for `free`.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        guard let raw = malloc(bytes.count + 1) else { return nil }
        let pointer = raw.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }
}
