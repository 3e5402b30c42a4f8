import Foundation
import Testing

@testable import Storage

@Suite struct EntryRecordTests {
    let record = EntryRecord(
        key: "raw:storm", type: "Hero", storedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
        expiresAt: Date(timeIntervalSince1970: 1_700_000_060), payload: Data(#"{"name":"Storm"}"#.utf8))

    @Test func roundTrips() throws {
        #expect(try EntryRecord(decoding: record.encoded()) == record)
        var forever = record
        forever.expiresAt = nil
        #expect(try EntryRecord(decoding: forever.encoded()) == forever)
    }

    @Test func everyTruncationIsDetected() {
        let bytes = record.encoded()
        for length in 0..<bytes.count {
            #expect(throws: EntryRecord.Damage.self) { try EntryRecord(decoding: bytes.prefix(length)) }
        }
    }

    @Test func everySingleBitFlipIsDetected() {
        let bytes = record.encoded()
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(throws: EntryRecord.Damage.self) { try EntryRecord(decoding: damaged) }
            }
        }
    }

    @Test func trailingBytesAreDetected() {
        #expect(throws: EntryRecord.Damage.wrongLength) { try EntryRecord(decoding: record.encoded() + Data([0])) }
    }

    @Test func expiresAtItsExpiryDate() {
        #expect(!record.isExpired(at: Date(timeIntervalSince1970: 1_700_000_059)))
        #expect(record.isExpired(at: Date(timeIntervalSince1970: 1_700_000_060)))
    }
}
