import Foundation
import TestSupport
import Testing

@testable import Storage

/// Entries written before the binary payload (record magic `XLC1`, a JSON payload, checksummed as
/// then) are refused by the record and are a counted miss for `DiskCache`, never a wrong value.
@Suite struct JSONEraEntryTests {
    /// A record as the JSON-era code wrote it: `XLC1`, the value as JSON, the checksum over both.
    static func jsonEraRecord<Value: Encodable>(_ value: Value, key: Key) throws -> Data {
        let record = EntryRecord(
            key: key.value, type: Key.typeName(of: Value.self), storedAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: nil,
            payload: try JSONEncoder().encode(value))
        var bytes = [UInt8](record.encoded())
        bytes.replaceSubrange(0..<4, with: Array("XLC1".utf8))
        let checksum = FNV1a.hash(bytes[48...], seed: FNV1a.hash(bytes[0..<40]))
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(40..<48, with: $0) }
        return Data(bytes)
    }

    @Test func theRecordRefusesTheOldMagic() throws {
        let old = try Self.jsonEraRecord(["Storm"], key: Key("hero"))
        #expect(throws: EntryRecord.Damage.badMagic) { try EntryRecord(decoding: old) }
    }

    @Test func diskCacheCountsAnOldEntryAsADroppedMissThenStoresANewOne() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        let key = Key("hero")
        try Self.jsonEraRecord(["Storm"], key: key).write(to: cache.fileURL(for: key))

        #expect(try cache.get([String].self, for: key) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL(for: key).path))
        try cache.set(["Storm", "Rogue"], for: key)
        #expect(try cache.get([String].self, for: key) == ["Storm", "Rogue"])
    }
}
