import Foundation
import SQLite
import TestSupport
import Testing

@Suite(.onOwnThread) struct DatabaseTests {
    static let schema = [
        Migration(version: 1, sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL, data BLOB)"),
        Migration(version: 2, sql: "CREATE INDEX items_by_name ON items (name)"),
    ]

    @Test func inMemoryDatabaseStoresAndReadsTypedValues() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        let values: [SQLValue] = [.integer(1), .text("Ünïcödé 🦸"), .real(2.5), .blob([0, 1, 255])]
        try database.transaction { try $0.run("INSERT INTO items (id, name, score, data) VALUES (?, ?, ?, ?)", values) }
        try database.transaction {
            try $0.run("INSERT INTO items (id, name, score, data) VALUES (?, ?, ?, ?)", [.int(2), .text(""), .null, .blob([])])
        }
        let rows = try database.read { connection in
            try connection.query("SELECT id, name, score, data FROM items ORDER BY id") { row in
                (0..<row.columnCount).map { row.value($0) }
            }
        }
        #expect(rows == [values, [.integer(2), .text(""), .null, .blob([])]])
        let optional = try database.read { try $0.queryFirst("SELECT score FROM items WHERE id = 2") { $0.optionalInt(0) } }
        #expect(optional == .some(nil))
        #expect(try database.read { try $0.queryFirst("SELECT name FROM items WHERE id = 99") { $0.text(0) } } == nil)
    }

    @Test func statementsArePreparedOnceAndReused() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        let same = try database.read { connection in
            try connection.prepare("SELECT count(*) FROM items") === connection.prepare("SELECT count(*) FROM items")
        }
        #expect(same)
    }

    @Test func transactionIsRolledBackWhenItsBodyThrows() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.transaction { connection in
                try connection.run("INSERT INTO items (id, name) VALUES (1, 'kept?')")
                throw Refused()
            }
        }
        #expect(try database.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } } == 0)
        #expect(try database.read { $0.isInTransaction } == false)
    }

    @Test func migrationsRunInOrderOnceAndRecordTheVersion() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("items.sqlite")
        let first = try Database(path: path, migrations: Array(Self.schema.prefix(1)))
        #expect(try first.userVersion() == 1)
        let second = try Database(path: path, migrations: Self.schema)
        #expect(try second.userVersion() == 2)
        let indexes = try second.read { try $0.query("SELECT name FROM sqlite_master WHERE type = 'index'") { $0.text(0) } }
        #expect(indexes == ["items_by_name"])
        try second.migrate(Self.schema)
        #expect(try second.userVersion() == 2)
    }

    @Test func migrationsWithAGapAreRefused() throws {
        let error = try #require(throws: SQLiteError.self) {
            try Database.inMemory(migrations: [Migration(version: 2, sql: "SELECT 1")])
        }
        #expect(error.message.contains("numbered 1, 2, 3"))
    }

    @Test func aNewerSchemaIsRefusedAndLeftAlone() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("items.sqlite")
        _ = try Database(path: path, migrations: Self.schema)
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, migrations: Array(Self.schema.prefix(1))) }
        #expect(error.message.contains("version 2, newer than this program knows (1)"))
        #expect(try Database(path: path).userVersion() == 2)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.transaction { try $0.run("CREATE TABLE notes (text TEXT)") }
            try other.read { try $0.execute("PRAGMA journal_mode = DELETE") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, migrations: Self.schema) }
        #expect(error.kind == .damaged)
        #expect(error.message.contains("another program made it"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Database(path: path, migrations: []).userVersion() == 0)
    }

    @Test func fileDatabasesUseWriteAheadLogging() throws {
        let scratch = try ScratchDirectory()
        let database = try Database(path: scratch.path("wal.sqlite"), migrations: Self.schema)
        #expect(try database.read { try $0.queryFirst("PRAGMA journal_mode") { $0.text(0) } } == "wal")
        #expect(try database.integrityProblems() == [])
    }

    @Test func errorsCarrySQLitesCodeAndMessage() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        let syntax = try #require(throws: SQLiteError.self) { try database.read { try $0.run("SELEKT 1") } }
        #expect(syntax.primaryCode == 1)
        #expect(syntax.message.contains("syntax error"))
        #expect(syntax.kind == .other)
        #expect(syntax.description.hasPrefix(":memory:: near \"SELEKT\""))
        try database.transaction { try $0.run("INSERT INTO items (id, name) VALUES (1, 'one')") }
        let duplicate = try #require(throws: SQLiteError.self) {
            try database.transaction { try $0.run("INSERT INTO items (id, name) VALUES (1, 'again')") }
        }
        #expect(duplicate.kind == .constraint)
        #expect(duplicate.code == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    }

    @Test func aWriterWaitsForTheBusyTimeOutThenFailsAsBusy() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("busy.sqlite")
        let holder = try Database(path: path, migrations: Self.schema)
        let waiter = try Database(path: path, busyTimeout: .milliseconds(100), migrations: Self.schema)
        let started = ContinuousClock.now
        let error = try holder.transaction { _ in
            try #require(throws: SQLiteError.self) { try waiter.transaction { try $0.run("INSERT INTO items (id, name) VALUES (1, 'x')") } }
        }
        #expect(error.kind == .busy)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        try waiter.transaction { try $0.run("INSERT INTO items (id, name) VALUES (1, 'x')") }
    }

    @Test(arguments: ["truncated", "random bytes", "directory"])
    func aDamagedFileIsRefusedAndLeftAsItWas(_ damage: String) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("damaged.sqlite")
        do {
            let database = try Database(path: path, migrations: Self.schema)
            try database.transaction { connection in
                for id in 1...300 { try connection.run("INSERT INTO items (id, name) VALUES (?, ?)", [.int(id), .text("item \(id)")]) }
            }
        }
        let url = URL(fileURLWithPath: path)
        switch damage {
        case "truncated":
            let data = try Data(contentsOf: url)
            try data.prefix(data.count / 2).write(to: url)
        case "random bytes":
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: url)
        default:
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        let before = try? Data(contentsOf: url)
        let error = try #require(throws: SQLiteError.self) {
            let database = try Database(path: path, verify: true, migrations: Self.schema)
            _ = try database.read { try $0.query("SELECT name FROM items") { $0.text(0) } }
        }
        #expect(error.kind == .damaged, "\(error)")
        #expect(error.path == path)
        #expect((try? Data(contentsOf: url)) == before)
    }

    @Test func aSchemaTheCheckDoesNotRecogniseIsRefusedBeforeAnythingIsWritten() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.read { try $0.execute("PRAGMA journal_mode = DELETE; CREATE TABLE items (title TEXT); PRAGMA user_version = 1") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) {
            try Database(path: path, migrations: Self.schema, schemaCheck: { _, version in "not ours at version \(version)" })
        }
        #expect(error.kind == .damaged)
        #expect(error.message == "not ours at version 1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aNewerSchemaSaysBothVersions() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("items.sqlite")
        _ = try Database(path: path, migrations: Self.schema)
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, migrations: Array(Self.schema.prefix(1))) }
        #expect(error.kind == .newerSchema)
        #expect(error.newerSchema == SQLiteError.SchemaVersions(found: 2, known: 1))
    }

    @Test func rowsBreakingConstraintsAreNoDamageButBrokenPagesAre() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("items.sqlite")
        do {
            let schema = [Migration(version: 1, sql: "CREATE TABLE t (x INTEGER CHECK (x > 0)) STRICT")]
            let database = try Database(path: path, migrations: schema)
            try database.read { try $0.execute("PRAGMA ignore_check_constraints = ON; INSERT INTO t VALUES (-1)") }
        }
        #expect(try Database(path: path).integrityProblems(quick: true) == ["CHECK constraint failed in t"])
        let reopened = try Database(path: path, verify: true)
        #expect(try reopened.read { try $0.queryFirst("SELECT x FROM t") { $0.int(0) } } == -1)
    }

    @Test(arguments: ["fifo", "/dev/null"])
    func somethingOtherThanARegularFileIsRefusedSayingWhatItIs(_ kind: String) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("odd.sqlite")
        if kind == "fifo" {
            #expect(mkfifo(path, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kind)
        }
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, migrations: Self.schema) }
        #expect(error.kind == .damaged)
        #expect(error.message == (kind == "fifo" ? "it is a FIFO, not a regular file" : "it is a character device, not a regular file"))
    }

    @Test func typedColumnsAndTextThatIsNotUTF8() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        try database.transaction { try $0.run("INSERT INTO items (id, name, data) VALUES (1, CAST(x'41ff' AS TEXT), x'00')") }
        let row = try database.read { connection in
            try connection.queryFirst("SELECT id, name, score, data FROM items") { row in
                ((0..<4).map { row.type($0) }, row.validText(1), row.byteCount(1))
            }
        }
        #expect(row?.0 == [.integer, .text, .null, .blob])
        #expect(row?.1 == nil)
        #expect(row?.2 == 2)
    }

    @Test func forEachRowStopsAtTheFirstErrorItsBodyThrows() throws {
        let database = try Database.inMemory(migrations: Self.schema)
        try database.transaction { connection in
            for id in 1...5 { try connection.run("INSERT INTO items (id, name) VALUES (?, 'x')", [.int(id)]) }
        }
        struct Stop: Error {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try database.read { connection in
                try connection.forEachRow("SELECT id FROM items ORDER BY id") { row in
                    if row.int(0) == 3 { throw Stop() }
                    seen.append(row.int(0))
                }
            }
        }
        #expect(seen == [1, 2])
        #expect(try database.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } } == 5)
    }

    @Test func anImmutableConnectionReadsAPathThatNeedsEscapingAndLeavesNothingBeside() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("odd ?name#with%.sqlite")
        do {
            let database = try Database(path: path, migrations: Self.schema)
            try database.transaction { try $0.run("INSERT INTO items (id, name) VALUES (1, 'one')") }
        }
        let reader = try Connection(path: path, busyTimeout: .seconds(1), mode: .immutable)
        #expect(try reader.queryFirst("SELECT name FROM items") { $0.text(0) } == "one")
        #expect(reader.isReadOnly)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["odd ?name#with%.sqlite"])
    }
}
