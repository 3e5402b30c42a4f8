import Foundation
import TestSupport
import Testing

@testable import Postgres

/// `timestamptz` text both ways, without a server.
@Suite(.onOwnThread) struct PostgresTimestampTests {
    @Test(arguments: [0.0, 1_700_000_000.123, -86_400.5, 253_402_300_799.999, -62_135_596_800])
    func aDateRoundTripsThroughText(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let text = PostgresTimestamp.text(date)
        let back = Array(text.utf8).withUnsafeBufferPointer { PostgresTimestamp.date($0) }
        #expect(back.map { abs($0.timeIntervalSince1970 - seconds) < 0.000_001 } == true, "\(text)")
    }

    @Test func textIsTheServersFormat() {
        #expect(PostgresTimestamp.text(Date(timeIntervalSince1970: 1_700_000_000.5)) == "2023-11-14 22:13:20.500000+00")
        #expect(PostgresTimestamp.text(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00.000000+00")
    }

    @Test(arguments: [
        ("2023-11-14 22:13:20+00", 1_700_000_000.0), ("2023-11-14 23:13:20.25+01", 1_700_000_000.25),
        ("2023-11-14 17:43:20-04:30", 1_700_000_000.0),
    ])
    func serverTextReadsAsTheMoment(_ text: String, _ seconds: Double) {
        let date = Array(text.utf8).withUnsafeBufferPointer { PostgresTimestamp.date($0) }
        #expect(date == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "infinity", "-infinity", "2023-11-14 22:13:20+00 BC", "2023-13-14 22:13:20+00", "2023-11-14", "", "2023-11-14 22:13:20.",
    ])
    func otherTextIsRefused(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { PostgresTimestamp.date($0) } == nil)
    }
}
