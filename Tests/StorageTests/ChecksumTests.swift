import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct ChecksumTests {
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var checksum = Checksum()
        checksum.update(bytes)
        return checksum.value
    }

    @Test func bytesFedInPiecesGiveTheChecksumOfTheWhole() {
        var random = SeededRandom(seed: 7)
        let bytes = (0..<300).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        for _ in 0..<200 {
            var checksum = Checksum()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 0...20, using: &random))
                checksum.update(Array(bytes[start..<end]))
                start = end
            }
            #expect(checksum.value == Self.checksum(bytes))
        }
    }

    /// The value an independent implementation (a few lines of Python) gives.
    @Test func isStableAcrossRunsAndMachines() {
        #expect(Self.checksum(Array("excelsior".utf8)) == 0x8723_3dc3_4741_a99b)
    }

    @Test func zeroBytesOfDifferentLengthsDiffer() {
        let sums = Set((0..<64).map { Self.checksum([UInt8](repeating: 0, count: $0)) })
        #expect(sums.count == 64)
    }

    @Test func everySingleBitFlipChangesIt() {
        let bytes = Array("a record of some length, with a tail of 7!".utf8)
        let original = Self.checksum(bytes)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(Self.checksum(damaged) != original)
            }
        }
    }
}
