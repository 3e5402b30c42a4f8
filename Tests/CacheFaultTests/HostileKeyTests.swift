import CacheTortureKit
import FaultTestSupport
import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// Keys an attacker or a bug could make: no key names a file outside the cache directory, and
/// every key gets its own value back.
@Suite(.onOwnThread) struct HostileKeyTests {
    static let randomKeys = 3000

    /// Pieces random keys are made of: path syntax, control characters, encodings and unicode.
    static let pieces: [String] = [
        "/", "//", "\\", ".", "..", "../", "/..", "./", "~", "~/", "\0", "a\0b", "%2F", "%2e%2e", "%00", ":", "*", "?",
        "\n", "\r", "\t", " ", "\u{7F}", "\u{1B}[31m", "é", "e\u{301}", "e\u{301}\u{302}\u{303}", "\u{301}",
        "Z\u{324}\u{354}\u{367}\u{311}\u{343}",
        "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "👍🏽", "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}", "𝕏", "日本語", "ﷺ", "ß", "İ",
        "a", "Z", "0", "-", "_", ".cache", ".tmp", "0123456789abcdef.cache", ".0123456789abcdef.cache.1.tmp", "CON", "NUL", "raw:",
        "#", "Storage.Key#1", "/etc/passwd", "C:\\Windows", "\u{0}\u{0}",
    ]

    /// Keys every run tries, whatever the seed.
    static let fixedKeys: [String] = [
        "", "/", "..", "../..", "../../etc/passwd", "/etc/passwd", "./", ".", "\0", "a\0b", "..\0/..",
        String(repeating: "a", count: 10_000), String(repeating: "/", count: 10_000), String(repeating: "../", count: 3333),
        String(repeating: "👩‍👩‍👧‍👦", count: 10_000), String(repeating: "e\u{301}", count: 5_000),
        "e" + String(repeating: "\u{301}", count: 9_999), "é", "e\u{301}", String(repeating: "\0", count: 10_000),
    ]

    /// A random key of 0 to 60 pieces, or one of exactly 10 000 characters now and then.
    static func randomKey(using random: inout SeededRandom) -> String {
        let long = random.next() % 20 == 0
        var key = ""
        // Counting characters is O(n): count scalars as a bound while building, characters once after.
        var scalars = 0
        var added = 0
        let pieceCount = Int(random.next() % 61)
        while long ? scalars < 10_000 : added < pieceCount {
            if random.next() % 4 == 0 {
                let scalar = UInt32(truncatingIfNeeded: random.next() % 0x11_0000)
                key.unicodeScalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
                scalars += 1
            } else {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                key += piece
                scalars += piece.unicodeScalars.count
            }
            added += 1
        }
        guard long else { return key }
        // Scalars merged into fewer characters: pad, then trim to exactly 10 000 characters.
        key += String(repeating: "x", count: max(0, 10_000 - key.count))
        return String(key.prefix(10_000))
    }

    /// Every file and folder under `root` with its type, size and modification date (no symlink is followed).
    static func snapshot(_ root: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let manager = FileManager.default
        for relative in try manager.subpathsOfDirectory(atPath: root.path) {
            let attributes = try manager.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            result[relative] = "\(attributes[.type] ?? "?") \(attributes[.size] ?? "?") \(attributes[.modificationDate] ?? "?")"
        }
        return result
    }

    @Test func hostileKeysStayInTheCacheDirectoryAndRoundTrip() async throws {
        let seed = FaultSeed.make(for: "hostileKeys")
        var random = SeededRandom(seed: seed)
        let root = try ScratchDirectory(prefix: "excelsior-faults")
        defer { root.remove() }
        let cacheRelative = "a/b/cache"
        let cacheURL = root.url.appendingPathComponent(cacheRelative, isDirectory: true)
        let cache = try DiskCache(directory: cacheURL)
        let before = try Self.snapshot(root.url)

        let texts = Self.fixedKeys + (0..<Self.randomKeys).map { _ in Self.randomKey(using: &random) }
        let keys = texts.enumerated().map { index, text in index.isMultiple(of: 3) ? Key(HostileKeyTests.self, id: text) : Key(text) }
        // Thousands of writes and reads: on a thread of its own, collecting what went wrong.
        let (problems, stored) = try await onOwnThread {
            var expected: [Key: String] = [:]
            var problems: [String] = []
            for (index, key) in keys.enumerated() {
                let value = "\(index):" + texts[index]
                try cache.set(value, for: key)
                expected[key] = value
                if cache.fileURL(for: key).deletingLastPathComponent().standardizedFileURL != cacheURL.standardizedFileURL {
                    problems.append("key \(index) is stored at \(cache.fileURL(for: key).path)")
                }
            }
            for (key, value) in expected where try cache.get(String.self, for: key) != value {
                problems.append("key \(key.value.debugDescription.prefix(200)) did not round-trip")
            }
            return (problems, expected.count)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5)); seed \(seed)")

        let after = try Self.snapshot(root.url)
        let outside = { (snapshot: [String: String]) in
            snapshot.filter { $0.key != cacheRelative && !$0.key.hasPrefix(cacheRelative + "/") }
        }
        #expect(outside(after) == outside(before), "files appeared or changed outside the cache directory; seed \(seed)")
        #expect(after[cacheRelative]?.contains("Directory") == true)
        let inside = after.keys.filter { $0.hasPrefix(cacheRelative + "/") }.map { String($0.dropFirst(cacheRelative.count + 1)) }
        #expect(inside.allSatisfy(isEntryFileName), "\(inside.filter { !isEntryFileName($0) }.prefix(5)); seed \(seed)")
        #expect(inside.count == stored)
        #expect(cache.statistics.hits == stored)
        #expect(cache.statistics.corruptEntriesDropped == 0)
    }
}
