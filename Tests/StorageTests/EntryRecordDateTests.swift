import Foundation
import StorageTesting
import TestSupport
import Testing

@testable import Storage

/// A record's stored-at and expiry times are read from bytes another program may have written:
/// one that is not a number, infinite where it may not be, or outside years -9999 to 9999 makes
/// the record damaged (a counted miss), never a date that traps where it is shown.
@Suite struct EntryRecordDateTests {
    static let samples = DoubleSamples.all(randomCount: 20_000)

    func record(storedAt: Double, expiresAt: Double?) -> EntryRecord {
        EntryRecord(
            key: "raw:storm", type: "Hero", storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }, payload: Data("storm".utf8))
    }

    @Test func aStoredAtTimeIsReadOnlyWithinTheYears() throws {
        for seconds in Self.samples {
            let written = record(storedAt: seconds, expiresAt: nil)
            let valid = EntryRecord.validSeconds.contains(written.storedAt.timeIntervalSince1970)
            do {
                let read = try EntryRecord(decoding: written.encoded())
                #expect(valid, "stored at \(seconds) was read as \(read.storedAt)")
            } catch {
                #expect(!valid && error == .badDate, "stored at \(seconds): \(error)")
            }
        }
    }

    @Test func anExpiryIsReadOnlyWithinTheYearsOrAsNever() throws {
        for seconds in Self.samples {
            let written = record(storedAt: 1_700_000_000, expiresAt: seconds)
            let bits = written.expiresAt?.timeIntervalSince1970 ?? .infinity
            let valid = bits == .infinity || EntryRecord.validSeconds.contains(bits)
            do {
                let read = try EntryRecord(decoding: written.encoded())
                #expect(valid, "expiring at \(seconds) was read as \(String(describing: read.expiresAt))")
                #expect(read.expiresAt == (bits == .infinity ? nil : written.expiresAt))
            } catch {
                #expect(!valid && error == .badDate, "expiring at \(seconds): \(error)")
            }
        }
    }

    @Test func theEdgesOfTheYearsAreExact() {
        #expect(EntryRecord.validSeconds.contains(-377_705_116_800))
        #expect(!EntryRecord.validSeconds.contains(-377_705_116_800.001))
        #expect(EntryRecord.validSeconds.contains(253_402_300_799.999))
        #expect(!EntryRecord.validSeconds.contains(253_402_300_800))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func aDiskEntryStoredAtATimeThatIsNoTimeIsACountedMissAndRemoved(_ seconds: Double) throws {
        let clock = ManualClock()
        let fileSystem = InMemoryFileSystem(now: clock.now)
        let cache = try DiskCache(directory: URL(fileURLWithPath: "/caches/dates"), fileSystem: fileSystem, now: clock.now)
        let key = Key("storm")
        try cache.set("Storm", for: key)
        let url = cache.fileURL(for: key)
        var planted = try EntryRecord(decoding: try #require(try fileSystem.read(url)))
        planted.storedAt = Date(timeIntervalSince1970: seconds)
        try fileSystem.write(planted.encoded(), to: url)

        #expect(try cache.get(String.self, for: key) == nil)
        #expect(try fileSystem.read(url) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(cache.statistics.misses == 1)
        #expect(try cache.entries().isEmpty)
    }
}
