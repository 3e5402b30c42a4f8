import CacheTortureKit
import FaultTestSupport
import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// The checks the other fault tests rely on can fail: a torn or truncated value never verifies,
/// and a torn entry file is a miss, removed and counted (so the crash test, which demands a hit
/// for every key, fails on a non-atomic write).
@Suite(.onOwnThread) struct TornValueTests {
    static let old = TortureValue(slot: 3, writer: 42, generation: 7)
    static let new = TortureValue(slot: 3, writer: 42, generation: 8)

    /// The bytes of a file `new` was written over `old` in place, the writer killed after `cut` bytes
    /// (`overlay`), or of a file cut short (`truncated`).
    static func torn(_ new: Data, over old: Data, at cut: Int, overlay: Bool) -> Data {
        overlay ? new.prefix(cut) + old.dropFirst(cut) : new.prefix(cut)
    }

    @Test func completeValuesVerify() throws {
        try Self.old.verify(slot: 3)
        try Self.new.verify(slot: 3)
        #expect(throws: TortureValue.Defect.wrongSlot(expected: 4, found: 3)) { try Self.old.verify(slot: 4) }
    }

    @Test func aTornOrTruncatedValueNeverVerifies() throws {
        // Sorted keys: both encodings put their fields in the same order (without it, the order
        // can differ from one encoding to the next, and few mixes would parse at all).
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let old = try encoder.encode(Self.old)
        let new = try encoder.encode(Self.new)
        var decodedButRejected = 0
        for cut in stride(from: 0, to: max(old.count, new.count), by: 3) {
            for overlay in [true, false] {
                let bytes = Self.torn(new, over: old, at: cut, overlay: overlay)
                guard bytes != old, bytes != new else { continue }
                guard let value = try? JSONDecoder().decode(TortureValue.self, from: bytes) else { continue }
                decodedButRejected += 1
                #expect(throws: TortureValue.Defect.self, "cut at \(cut), overlay \(overlay) verified") {
                    try value.verify(slot: 3)
                }
            }
        }
        // Overlays cut inside the payload decode as JSON: the verifier, not the decoder, rejects them.
        #expect(decodedButRejected > 100)

        // One letter of the payload changed: still valid JSON, still not the value written.
        var damaged = Array(new)
        let start = try #require(damaged.ranges(of: Array("\"payload\":\"".utf8)).first).upperBound
        damaged[start] = damaged[start] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        let value = try JSONDecoder().decode(TortureValue.self, from: Data(damaged))
        #expect(throws: TortureValue.Defect.self) { try value.verify(slot: 3) }
    }

    @Test func aTornEntryFileIsAMissRemovedAndCounted() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        let key = TortureValue.key(slot: 3)
        let url = cache.fileURL(for: key)
        try cache.set(Self.old, for: key)
        let old = try Data(contentsOf: url)
        try cache.set(Self.new, for: key)
        let new = try Data(contentsOf: url)

        var random = SeededRandom(seed: 7)
        var planted = 0
        for _ in 0..<40 {
            for overlay in [true, false] {
                let bytes = Self.torn(new, over: old, at: Int(random.next() % UInt64(new.count)), overlay: overlay)
                guard bytes != old, bytes != new else { continue }
                try bytes.write(to: url)
                planted += 1
                #expect(try cache.get(TortureValue.self, for: key) == nil)
                #expect(!FileManager.default.fileExists(atPath: url.path))
                #expect(cache.statistics.corruptEntriesDropped == planted)
            }
        }
        #expect(planted > 70)
    }
}
