// favorites-torture: a child process for the favourites fault tests (Tests/FaultTests, docs/FAULTS.md).
//
//   favorites-torture write FILE          adds favourites 1, 2, 3… (and updates every third
//                                         one added before) until killed (at most 20 s),
//                                         printing "adding ID" / "updating ID GEN" just before
//                                         each transaction and "added ID" / "updated ID GEN"
//                                         once it is committed
//   favorites-torture mixed FILE WRITER COUNT
//                                         adds, updates and removes COUNT favourites of its own
//                                         (TortureFavorite.firstID(writer:) onwards) once the
//                                         file FILE.go exists, so several start together, then
//                                         prints "done"
//   favorites-torture create FILE ID      prints "ready", waits for FILE.go, then opens (so
//                                         several race to create) the database and adds the
//                                         favourite ID, then prints "done"
//   favorites-torture peak PROGRAM ARG…  runs PROGRAM with its arguments (stdin, stdout and
//                                         stderr its own), waits, prints "peak BYTES" (its peak
//                                         resident memory) on stderr and exits as it did; a test
//                                         process cannot measure that itself, since a child
//                                         spawned from it counts the test's own memory too
//
// write and mixed print "ready" once the database is open. write, mixed and create also take
// `--store postgres URL` at the end: the favourites are then in that PostgreSQL database, and
// FILE only names the FILE.go that releases them. Exit 0 ok, 1 an operation failed (the error
// on stderr), 64 usage.
import Favorites
import FavoritesTortureKit
import Foundation
import PostgresFavorites
import SQLiteFavorites

func say(_ line: String, to descriptor: Int32 = 1) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    say("favorites-torture: " + message, to: 2)
    exit(status)
}

/// Adds ever higher ids, continuing after what the file holds, and updates earlier ones.
func writeLoop(store: any FavoritesStore) throws {
    var next = (try store.list().map(\.characterID).max() ?? 0) + 1
    var generation = 0
    say("ready")
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
        say("adding \(next)")
        try store.add(TortureFavorite.added(id: next))
        say("added \(next)")
        if next % 3 == 0, let favorite = try store.favorite(characterID: next / 3) {
            generation += 1
            say("updating \(favorite.characterID) \(generation)")
            try store.update(TortureFavorite.updated(favorite, generation: generation))
            say("updated \(favorite.characterID) \(generation)")
        }
        next += 1
    }
}

/// Adds, updates and (every third) removes `count` favourites of `writer`'s own.
func mixedRun(store: any FavoritesStore, goPath: String, writer: Int, count: Int) throws {
    say("ready")
    waitForGo(goPath)
    let first = TortureFavorite.firstID(writer: writer)
    for index in 0..<count {
        let added = TortureFavorite.added(id: first + index)
        try store.add(added)
        try store.update(TortureFavorite.updated(added, generation: 1))
        if TortureFavorite.isRemoved(index: index) { try store.remove(characterID: first + index) }
    }
    say("done")
}

/// Waits for `path`.go to exist (at most 20 s), so several processes go on together.
func waitForGo(_ path: String) {
    let deadline = ContinuousClock.now + .seconds(20)
    while !FileManager.default.fileExists(atPath: path + ".go") {
        guard ContinuousClock.now < deadline else { fail("no \(path).go after 20 s") }
        usleep(200)
    }
}

/// Runs `command`, reports its peak resident memory on stderr, and returns its exit status
/// (128 + the signal when one killed it). Spawned from this small process, the child's peak is
/// its own: a child spawned by posix_spawn starts out sharing its parent's memory, and Linux
/// counts that parent's peak in the child's.
func runMeasuringPeak(_ command: [String]) -> Int32 {
    let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, command[0], nil, nil, argv, environ)
    guard started == 0 else { fail("cannot start \(command[0]): \(String(cString: strerror(started)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    say("peak \(usage.ru_maxrss * 1024)", to: 2)
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// The store the arguments name: the SQLite file `path`, or the PostgreSQL database `url`.
func openStore(_ path: String, postgres url: String?) throws -> any FavoritesStore {
    if let url { return try PostgresFavoritesStore(url: url) }
    return try SQLiteFavoritesStore(path: path)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let usage =
    "usage: favorites-torture write FILE | favorites-torture mixed FILE WRITER COUNT | favorites-torture create FILE ID "
    + "(each optionally followed by --store postgres URL) | favorites-torture peak PROGRAM ARG…"
var postgresURL: String?
if arguments.first != "peak", arguments.count >= 3, arguments[arguments.count - 3] == "--store" {
    guard arguments[arguments.count - 2] == "postgres" else { fail(usage, status: 64) }
    postgresURL = arguments[arguments.count - 1]
    arguments.removeLast(3)
}
do {
    switch (arguments.first, arguments.count) {
    case ("write", 2):
        try writeLoop(store: try openStore(arguments[1], postgres: postgresURL))
    case ("mixed", 4):
        guard let writer = Int(arguments[2]), let count = Int(arguments[3]), writer >= 0, count > 0 else { fail(usage, status: 64) }
        try mixedRun(store: try openStore(arguments[1], postgres: postgresURL), goPath: arguments[1], writer: writer, count: count)
    case ("peak", let count) where count >= 2:
        exit(runMeasuringPeak(Array(arguments.dropFirst())))
    case ("create", 3):
        guard let id = Int(arguments[2]), id > 0 else { fail(usage, status: 64) }
        say("ready")
        waitForGo(arguments[1])
        try openStore(arguments[1], postgres: postgresURL).add(TortureFavorite.added(id: id))
        say("done")
    default:
        fail(usage, status: 64)
    }
} catch {
    fail("\(error)")
}
