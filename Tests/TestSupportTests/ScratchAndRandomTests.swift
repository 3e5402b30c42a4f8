import Foundation
import TestSupport
import Testing

@Suite struct ScratchAndRandomTests {
    @Test func theSameSeedGivesTheSameSequenceAndAnotherSeedAnother() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        let sequence = (0..<8).map { _ in first.next() }
        #expect((0..<8).map { _ in second.next() } == sequence)
        #expect((0..<8).map { _ in other.next() } != sequence)
    }

    @Test func aScratchDirectoryHoldsItsFilesAndIsGoneWhenReleased() throws {
        var directory: ScratchDirectory? = try ScratchDirectory(prefix: "excelsior-scratch", files: ["a.json": "{}"])
        let url = try #require(directory?.url)
        #expect(try String(contentsOf: url.appendingPathComponent("a.json"), encoding: .utf8) == "{}")
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aManualClockMovesOnlyWhenToldTo() {
        let clock = ManualClock(Date(timeIntervalSince1970: 100))
        #expect(clock.now() == Date(timeIntervalSince1970: 100))
        clock.advance(by: 5)
        #expect(clock.now() == Date(timeIntervalSince1970: 105))
    }
}
