import DataProviders
import Foundation
import TestSupport
import Testing

/// Dates are instants of years -9999 to 9999 at UTC: anything else (NaN, the infinities, huge
/// values) is written as nothing, parsed as nothing and refused when a character is decoded,
/// and nothing of any bit pattern traps.
@Suite struct MarvelDateRangeTests {
    static let earliest = -377_705_116_800.0
    static let end = 253_402_300_800.0

    @Test func theYearsEndExactlyWhereTheySay() throws {
        #expect(MarvelDate.iso8601(Date(timeIntervalSince1970: Self.earliest)) == "-9999-01-01T00:00:00Z")
        #expect(MarvelDate.iso8601(Date(timeIntervalSince1970: Self.end - 0.001)) == "9999-12-31T23:59:59Z")
        #expect(MarvelDate.iso8601(Date(timeIntervalSince1970: Self.earliest - 0.001)) == nil)
        #expect(MarvelDate.iso8601(Date(timeIntervalSince1970: Self.end)) == nil)
        #expect(MarvelDate.parse("-9999-01-01T00:00:00Z") == Date(timeIntervalSince1970: Self.earliest))
        #expect(MarvelDate.parse("9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: Self.end - 1))
    }

    @Test(arguments: ["-9999-01-01T00:00:00+0100", "9999-12-31T23:59:59-0001", "9999-12-31T23:59:60Z"])
    func aTimestampPastTheYearsAtUTCIsNotADate(_ text: String) {
        #expect(MarvelDate.parse(text) == nil)
    }

    @Test func everyBitPatternIsWrittenOrRefusedWithoutATrap() throws {
        for seconds in DoubleSamples.all(randomCount: 200_000) {
            let date = Date(timeIntervalSince1970: seconds)
            let inRange = date.timeIntervalSince1970 >= Self.earliest && date.timeIntervalSince1970 < Self.end
            #expect(MarvelDate.isInRange(date) == inRange, "\(seconds)")
            guard let text = MarvelDate.iso8601(date) else {
                #expect(!inRange, "\(seconds) is a time of the years and was not written")
                continue
            }
            #expect(inRange, "\(seconds) was written as \(text)")
            #expect(MarvelDate.parse(text) == Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), "\(seconds): \(text)")
        }
    }

    @Test func aCharacterIsDecodedOnlyWithADateOfTheYears() throws {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        for seconds in DoubleSamples.all(randomCount: 5_000) {
            let character = Character(id: 1_009_610, name: "Spider-Man", modified: Date(timeIntervalSince1970: seconds))
            let data = try encoder.encode(character)
            let decoded = try? decoder.decode(Character.self, from: data)
            #expect((decoded != nil) == MarvelDate.isInRange(Date(timeIntervalSince1970: seconds)), "\(seconds)")
            if let decoded, !seconds.isNaN { #expect(decoded == character) }
        }
        let undated = Character(id: 1, name: "Undated")
        #expect(try decoder.decode(Character.self, from: encoder.encode(undated)) == undated)
    }
}
