import FaultTestSupport
import Favorites
import FavoritesTesting
import Foundation
import SQLite
import SQLiteFavorites
import SQLiteFavoritesTesting
import TestSupport
import Testing

/// The favourites database as another program, a later version or an odd file system leaves it,
/// through the real `CompositionRoot` (docs/FAULTS.md): every value read is untrusted,
/// a file that is not ours is never written, and whatever is refused is refused in one line.
@Suite(.onOwnThread) struct HostileDatabaseTests {
    static let spoiled = 1_009_610
    static let kept = [1_011_334, 1_009_368]

    /// A scratch folder whose `data` directory holds three favourites written by the real store
    /// (closed again, so its write-ahead log is checkpointed and gone).
    static func dataDirectory() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory(prefix: "excelsior-hostile")
        let store = try SQLiteFavoritesStore(directory: scratch.url.appendingPathComponent("data"))
        for (offset, id) in ([spoiled] + kept).enumerated() {
            let added = Date(timeIntervalSince1970: 1_700_000_000 + Double(offset))
            try store.add(Favorite(characterID: id, name: "Hero \(id)", note: "a note", rating: 3, addedAt: added))
        }
        return scratch
    }

    static func database(_ scratch: ScratchDirectory) -> String {
        scratch.path("data/\(SQLiteFavoritesStore.fileName)")
    }

    static func run(_ arguments: [String], _ scratch: ScratchDirectory) async throws -> LimitedRun {
        try await LimitedRun.run(["favorites"] + arguments + ["--data-dir", scratch.path("data")], timeout: .seconds(20))
    }

    /// The names in the data directory, sorted.
    static func listing(_ scratch: ScratchDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path("data")).sorted()
    }

    static func count(_ run: LimitedRun) -> Int? {
        let document = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return document?["count"] as? Int
    }

    /// One bad value in one favourite (a date near `Int64.max`, a rating of 9, a NULL name, text
    /// that is not UTF-8, 2 MiB of name…) makes `list`, `show` and `update` of it exit 65 with
    /// one line naming the file, the character and the column, never a crash; the others still
    /// show, and `remove` takes the bad one away.
    @Test(arguments: HostileFavoriteRow.allCases)
    func aRowTheProgramDidNotExpectIsBadDataNamingItAndCanBeRemoved(_ row: HostileFavoriteRow) async throws {
        let scratch = try Self.dataDirectory()
        let path = Self.database(scratch)
        try row.apply(to: path, characterID: Self.spoiled)
        let id = row.characterID(spoiling: Self.spoiled)
        var attempts = [["list"], ["list", "--format", "json"]]
        if id > 0 { attempts += [["show", "\(id)"], ["update", "\(id)", "--rating", "2"]] }
        for arguments in attempts {
            let run = try await Self.run(arguments, scratch)
            #expect(run.status == 65, "\(row) \(arguments): \(run.ending), stderr \(run.stderr.prefix(300))")
            #expect(run.stderrLines.count == 1, "\(row) \(arguments): \(run.stderr.prefix(300))")
            let line = run.stderrLines.first ?? ""
            #expect(
                line.contains(path) && line.contains(String(id)) && line.contains(row.column) && line.count < 600,
                "\(row) \(arguments): \(line.prefix(300))")
        }
        let other = try await Self.run(["show", "\(Self.kept[0])"], scratch)
        #expect(other.status == 0, "\(row): \(other.stderr.prefix(300))")
        guard id > 0 else { return }
        let removed = try await Self.run(["remove", "\(id)"], scratch)
        #expect(removed.status == 0, "\(row): remove \(removed.ending), \(removed.stderr.prefix(300))")
        let list = try await Self.run(["list", "--format", "json"], scratch)
        #expect(list.status == 0 && Self.count(list) == Self.kept.count, "\(row): after remove \(list.stderr.prefix(300))")
    }

    /// Another program's SQLite file with a `favorites` table of its own and `user_version` 1
    /// or 2 is refused before anything is written: 65 naming the file, and every byte (its
    /// rollback journal mode too) and the directory's listing stay as they were.
    @Test(arguments: [1, 2])
    func anotherProgramsFavoritesTableIs65AndStaysByteForByte(version: Int) async throws {
        let scratch = try ScratchDirectory(prefix: "excelsior-hostile")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        let path = Self.database(scratch)
        do {
            let other = try Database(path: path)
            try other.read { connection in
                try connection.execute(
                    """
                    PRAGMA journal_mode = DELETE;
                    CREATE TABLE favorites (id INTEGER PRIMARY KEY, title TEXT NOT NULL, stars REAL);
                    INSERT INTO favorites VALUES (1, 'Dune', 4.5);
                    PRAGMA user_version = \(version);
                    """)
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listing = try Self.listing(scratch)
        for arguments in [["list"], ["show", "1"], ["add", "1009610"], ["remove", "1"]] {
            let run = try await Self.run(arguments, scratch)
            #expect(run.status == 65, "\(arguments): \(run.ending), \(run.stderr)")
            #expect(run.stderrLines.count == 1)
            #expect(run.stderrLines.first?.hasPrefix("CompositionRoot: \(path) is not a favourites database") == true, "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(arguments) changed the file")
            #expect(try Self.listing(scratch) == listing, "\(arguments) left files behind")
        }
    }

    /// A favourites database at a schema version this program does not know (99) is 65 with a
    /// line naming both versions, and stays byte for byte.
    @Test func aNewerSchemaVersionIs65NamingBothVersions() async throws {
        let scratch = try Self.dataDirectory()
        let path = Self.database(scratch)
        do {
            let later = try Database(path: path)
            try later.read { try $0.execute("PRAGMA journal_mode = DELETE; PRAGMA user_version = 99") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["list"], ["remove", "\(Self.spoiled)"]] {
            let run = try await Self.run(arguments, scratch)
            #expect(run.status == 65, "\(arguments): \(run.ending), \(run.stderr)")
            #expect(run.stderrLines.count == 1)
            let line = run.stderrLines.first ?? ""
            let known = FavoritesSchema.migrations.count
            #expect(line.contains(path) && line.contains("version 99") && line.contains("\(known)"), "\(line)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try Self.listing(scratch) == [SQLiteFavoritesStore.fileName])
        }
    }

    /// A FIFO, or a link to `/dev/zero`, where the database should be is 65 with a line saying
    /// what is there, at once (no hang, no "disk I/O error"), and is left as it is.
    @Test(arguments: ["fifo", "/dev/zero"])
    func somethingOtherThanAFileIs65SayingWhatItIs(_ kind: String) async throws {
        let scratch = try ScratchDirectory(prefix: "excelsior-hostile")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        let path = Self.database(scratch)
        if kind == "fifo" {
            #expect(mkfifo(path, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kind)
        }
        for arguments in [["list"], ["remove", "1"]] {
            let run = try await Self.run(arguments, scratch)
            #expect(run.status == 65, "\(kind) \(arguments): \(run.ending), \(run.stderr)")
            #expect(run.elapsed < .seconds(10))
            #expect(
                run.stderrLines.count == 1 && run.stderr.contains(path) && run.stderr.contains("not a regular file"),
                "\(kind): \(run.stderr)")
        }
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == (kind == "fifo" ? S_IFIFO : S_IFLNK))
        #expect(try Self.listing(scratch) == [SQLiteFavoritesStore.fileName])
    }

    /// Where the database can be read but not written (root ignores file modes, so the program
    /// runs as user 65534): `list` and `show` answer, `update` and `remove` are 74 with one line
    /// saying it is read-only, and nothing is left beside the file, which keeps every byte.
    @Test(
        .disabled(if: UnprivilegedProgram.unavailable != nil, Comment(rawValue: UnprivilegedProgram.unavailable ?? "")),
        arguments: ReadOnlyPlace.allCases)
    func aReadOnlyDatabaseCanBeReadAndIsNeverChanged(_ place: ReadOnlyPlace) async throws {
        let scratch = try Self.dataDirectory()
        let program = try UnprivilegedProgram(in: scratch)
        let data = scratch.path("data")
        let path = Self.database(scratch)
        for item in [data, path] {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: item)
        }
        try FileManager.default.setAttributes([.posixPermissions: place.fileMode], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: place.directoryMode], ofItemAtPath: data)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let list = try await program.run(["favorites", "list", "--format", "json", "--data-dir", data])
        #expect(list.status == 0 && Self.count(list) == 3, "\(place): list \(list.ending), \(list.stderr)")
        let show = try await program.run(["favorites", "show", "\(Self.spoiled)", "--data-dir", data])
        #expect(show.status == 0 && show.stdout.contains("Hero \(Self.spoiled)"), "\(place): show \(show.ending), \(show.stderr)")
        for arguments in [["update", "\(Self.spoiled)", "--rating", "1"], ["remove", "\(Self.spoiled)"]] {
            let run = try await program.run(["favorites"] + arguments + ["--data-dir", data])
            #expect(run.status == 74, "\(place) \(arguments): \(run.ending), \(run.stderr)")
            // A coverage build's program also says, as user 65534, that it cannot write its profile.
            let lines = run.stderrLines.filter { !$0.hasPrefix("LLVM Profile") }
            #expect(lines.count == 1 && run.stderr.contains(path) && run.stderr.contains("read-only"), "\(place): \(run.stderr)")
        }
        #expect(try Self.listing(scratch) == [SQLiteFavoritesStore.fileName], "\(place): files left beside the database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// On a full disk (a 100 KiB tmpfs in a mount namespace of the child's own, filled after the
    /// first favourite) `update` and `add` are 74 with one line saying the device has no space,
    /// not a bare "disk I/O error", and the favourite already there is intact once space is back.
    @Test(.disabled(if: Self.noPrivateTmpfs != nil, Comment(rawValue: Self.noPrivateTmpfs ?? "")))
    func aFullDiskIs74SayingSoAndLosesNothing() async throws {
        let unshare = try #require(SpawnedChild.systemTool("unshare"))
        let scratch = try ScratchDirectory(prefix: "excelsior-hostile")
        let script = #"""
            mount -t tmpfs -o size=100k tmpfs "$2" || exit 125
            "$1" favorites add 1009610 --data-dir "$2/data" >/dev/null || exit 126
            dd if=/dev/zero of="$2/fill" bs=1k count=200 2>/dev/null
            "$1" favorites update 1009610 --note "$(printf '%480s' | tr ' ' y)" --data-dir "$2/data"; echo "update $?"
            "$1" favorites add 1011334 --data-dir "$2/data"; echo "add $?"
            rm "$2/fill"
            "$1" favorites list --format json --data-dir "$2/data"; echo "list $?"
            """#
        let run = try await LimitedRun.run(
            [scratch.url.path], wrapper: [unshare.path, "--mount", "/bin/sh", "-c", script, "sh"], program: try LimitedRun.program())
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        let statuses = run.stdout.split(separator: "\n").filter { $0.hasPrefix("update ") || $0.hasPrefix("add ") || $0.hasPrefix("list ") }
        #expect(statuses == ["update 74", "add 74", "list 0"], "\(run.stdout)")
        #expect(run.stderrLines.count == 2, "\(run.stderr)")
        for line in run.stderrLines {
            #expect(line.contains("favorites.sqlite") && line.contains("No space left on device"), "\(line)")
        }
        #expect(run.stdout.contains("\"characterId\" : 1009610") && run.stdout.contains("\"count\" : 1"), "\(run.stdout)")
    }

    /// A read on a full disk (the 100 KiB tmpfs filled after the first favourite): `list` and
    /// `show` answer, and nothing is left beside the file (it is opened read-only, `immutable`).
    /// A data directory that is missing on a read-only tmpfs lists nothing; a change there is 73.
    @Test(.disabled(if: Self.noPrivateTmpfs != nil, Comment(rawValue: Self.noPrivateTmpfs ?? "")))
    func aReadOnAFullDiskWorksAndLeavesNothingBesideTheFile() async throws {
        let unshare = try #require(SpawnedChild.systemTool("unshare"))
        let scratch = try ScratchDirectory(prefix: "excelsior-hostile")
        let script = #"""
            mount -t tmpfs -o size=100k tmpfs "$2" || exit 125
            "$1" favorites add 1009610 --data-dir "$2/data" >/dev/null || exit 126
            dd if=/dev/zero of="$2/fill" bs=1k count=200 2>/dev/null
            "$1" favorites list --format json --data-dir "$2/data"; echo "list $?"
            "$1" favorites show 1009610 --data-dir "$2/data"; echo "show $?"
            echo "beside: $(ls -A "$2/data" | tr '\n' ' ')"
            mkdir "$2/ro" && mount -t tmpfs -o ro,size=100k tmpfs "$2/ro" || exit 125
            "$1" favorites list --format json --data-dir "$2/ro/missing"; echo "empty list $?"
            "$1" favorites add 1009610 --data-dir "$2/ro/missing" 2>/dev/null; echo "add $?"
            """#
        let run = try await LimitedRun.run(
            [scratch.url.path], wrapper: [unshare.path, "--mount", "/bin/sh", "-c", script, "sh"], program: try LimitedRun.program())
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let statuses = lines.filter { ["list ", "show ", "empty list ", "add "].contains(where: $0.hasPrefix) }
        #expect(statuses == ["list 0", "show 0", "empty list 0", "add 73"], "\(run.stdout)")
        #expect(lines.contains("beside: \(SQLiteFavoritesStore.fileName) "), "\(run.stdout)")
        #expect(run.stderrLines.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("\"characterId\" : 1009610") && run.stdout.contains("\"count\" : 0"), "\(run.stdout)")
    }

    /// Why a tmpfs cannot be mounted in a mount namespace of a child's own here, or nil when it can.
    static let noPrivateTmpfs: String? = {
        guard getuid() == 0, let unshare = SpawnedChild.systemTool("unshare") else {
            return "needs root and unshare (util-linux) to mount a small tmpfs in a namespace of its own"
        }
        guard let scratch = try? ScratchDirectory(prefix: "excelsior-hostile"),
            let probe = try? LimitedRun(
                [scratch.url.path], wrapper: [unshare.path, "--mount", "/bin/sh", "-c", #"mount -t tmpfs -o size=100k tmpfs "$2""#, "sh"],
                program: URL(fileURLWithPath: "/bin/true")),
            probe.status == 0
        else { return "cannot mount a tmpfs in a mount namespace of its own here (unshare --mount, mount -t tmpfs)" }
        return nil
    }()

    /// Where reading is possible but writing is not.
    enum ReadOnlyPlace: String, CaseIterable, CustomTestStringConvertible {
        /// The data directory is mode 555 (no `-wal` or `-shm` can be made beside the file).
        case directory555
        /// The file is mode 444 in a directory its owner may write.
        case file444
        /// Both, as on a read-only mount.
        case directory555File444

        var testDescription: String { rawValue }
        var directoryMode: Int { self == .file444 ? 0o755 : 0o555 }
        var fileMode: Int { self == .directory555 ? 0o644 : 0o444 }
    }
}

/// The built program copied into a folder of the test's scratch directory and run as user 65534
/// through `setpriv`, for tests of file modes, which root ignores.
struct UnprivilegedProgram {
    static let user = ["--reuid=65534", "--regid=65534", "--clear-groups"]
    let program: URL
    let setpriv: URL

    /// Why the program cannot be run as user 65534 here, in one line, or nil when it can: probed
    /// once, exactly as the tests run it (a copy in a scratch folder, through setpriv).
    static let unavailable: String? = {
        guard getuid() == 0 else { return "needs root to run the program as user 65534 (file modes are the point)" }
        do {
            let scratch = try ScratchDirectory(prefix: "excelsior-unprivileged")
            _ = try UnprivilegedProgram(in: scratch)
            return nil
        } catch {
            return "\(error)"
        }
    }()

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Copies the program into `scratch` and checks that user 65534 can run the copy.
    init(in scratch: ScratchDirectory) throws {
        guard let setpriv = SpawnedChild.systemTool("setpriv") else { throw Unavailable(description: "needs setpriv (util-linux)") }
        let folder = scratch.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("CompositionRoot")
        try FileManager.default.copyItem(at: try LimitedRun.program(), to: program)
        for (item, mode) in [(scratch.url, 0o755), (folder, 0o755), (program, 0o755)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: item.path)
        }
        // A test beside this one spawning a child while the copy is open for writing lends the
        // child that descriptor until it execs, and exec fails with "Text file busy": so try
        // again. On a loaded machine (a coverage build, every core busy) that moment outlasted
        // two seconds, so the tries go on for 30.
        var probe = try LimitedRun(["--version"], timeout: .seconds(20), wrapper: [setpriv.path] + Self.user, program: program)
        let deadline = ContinuousClock.now + .seconds(30)
        while probe.status != 0 && ContinuousClock.now < deadline {
            usleep(200_000)
            probe = try LimitedRun(["--version"], timeout: .seconds(20), wrapper: [setpriv.path] + Self.user, program: program)
        }
        guard probe.status == 0 else {
            throw Unavailable(
                description: "user 65534 cannot run a copy of the program in \(scratch.url.path) (\(probe.ending), "
                    + "\(probe.stderr.prefix(100).trimmingCharacters(in: .whitespacesAndNewlines))): that folder is out of its reach")
        }
        self.program = program
        self.setpriv = setpriv
    }

    /// Runs the copy with `arguments` as user 65534.
    func run(_ arguments: [String]) async throws -> LimitedRun {
        try await LimitedRun.run(arguments, timeout: .seconds(20), wrapper: [setpriv.path] + Self.user, program: program)
    }
}
