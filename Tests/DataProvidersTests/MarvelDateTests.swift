import DataProviders
import Foundation
import Testing

@Suite struct MarvelDateTests {
    @Test(arguments: ["2014-02-30T00:00:00Z", "2015-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2014-04-31T00:00:00Z"])
    func aDayTheMonthDoesNotHaveIsNotADate(_ text: String) {
        #expect(MarvelDate.parse(text) == nil)
    }

    @Test(arguments: ["2016-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2014-12-31T23:59:59Z"])
    func theLastDayOfEachMonthIsADate(_ text: String) {
        #expect(MarvelDate.parse(text) != nil)
    }

    @Test func parsesAnOrdinaryTimestampWithItsOffset() {
        #expect(MarvelDate.parse("2014-04-29T14:18:17-0400") == Date(timeIntervalSince1970: 1_398_795_497))
    }

    @Test func parsesTheUnixEpochPlaceholder() {
        #expect(MarvelDate.parse("1969-12-31T19:00:00-0500") == Date(timeIntervalSince1970: 0))
    }

    @Test func parsesTheYearMinusOnePlaceholder() {
        // Proleptic Gregorian -0001-11-30T05:00:00Z: 719 560 days before the epoch, plus 5 h.
        #expect(MarvelDate.parse("-0001-11-30T00:00:00-0500") == Date(timeIntervalSince1970: -62_169_984_000 + 18_000))
    }

    @Test(arguments: ["", "2014-04-29", "2014-04-29T14:18:17", "2014-13-01T00:00:00-0400", "2014-04-29T14:18:17-0400x", "yesterday"])
    func rejectsAnythingElse(_ text: String) {
        #expect(MarvelDate.parse(text) == nil)
    }
}

@Suite struct MarvelDateFormattingTests {
    @Test(arguments: [
        ("2014-04-29T14:18:17-0400", "2014-04-29T18:18:17Z"),
        ("1969-12-31T19:00:00-0500", "1970-01-01T00:00:00Z"),
        ("-0001-11-30T00:00:00-0500", "-0001-11-30T05:00:00Z"),
        ("2000-02-29T23:59:59+0000", "2000-02-29T23:59:59Z"),
        ("1900-03-01T00:00:00+0100", "1900-02-28T23:00:00Z"),
    ])
    func formatsWhatItParsesAsISO8601InUTC(marvel: String, iso: String) throws {
        #expect(MarvelDate.iso8601(try #require(MarvelDate.parse(marvel))) == iso)
    }
}
