import Foundation
import PayloadCoding
import TestSupport
import Testing

/// `PayloadEncoder` and `PayloadDecoder` held to `JSONEncoder` and `JSONDecoder` on random
/// `CodableSample`s: what the payload coder decodes from its own bytes must equal the value and
/// what JSON decodes from its own. NaN and the infinities, which JSON cannot write, are compared
/// with the value alone, bit for bit. Damaged payloads must throw or decode, never crash.
@Suite struct PayloadModelTests {
    func payloadRoundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try PayloadDecoder().decode(Value.self, from: PayloadEncoder().encode(value))
    }

    func jsonRoundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    @Test(arguments: ModelSeeds.first(30))
    func decodesWhatJSONDecodes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for index in 0..<20 {
            let sample = CodableSample.random(depth: 2, nonFinite: false, using: &random)
            let decoded = try payloadRoundTrip(sample)
            let reference = try jsonRoundTrip(sample)
            guard decoded == reference, decoded == sample else {
                Issue.record("seed \(seed), sample \(index): the payload coder gave \(decoded), JSON \(reference), for \(sample)")
                return
            }
        }
        let samples = (0..<3).map { _ in CodableSample.random(depth: 1, nonFinite: false, using: &random) }
        #expect(try payloadRoundTrip(samples) == jsonRoundTrip(samples), "seed \(seed): an array of samples")
        let text = String.random(maxLength: 200, using: &random)
        #expect(try payloadRoundTrip(text) == jsonRoundTrip(text), "seed \(seed): \(text.debugDescription)")
    }

    @Test(arguments: ModelSeeds.first(20))
    func keepsNaNAndTheInfinitiesBitForBit(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for index in 0..<10 {
            let sample = CodableSample.random(depth: 2, nonFinite: true, using: &random)
            let decoded = try payloadRoundTrip(sample)
            guard decoded == sample else {
                Issue.record("seed \(seed), sample \(index): the payload coder gave \(decoded) for \(sample)")
                return
            }
        }
    }

    /// Each damage is one of: a byte changed at random, a byte made a tag, a byte made 0xFF, the
    /// payload cut short, a byte inserted or one removed; one to four of them at a time.
    @Test(arguments: ModelSeeds.first(20))
    func damagedPayloadsThrowOrDecodeButNeverCrash(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let sample = CodableSample.random(depth: 2, nonFinite: true, using: &random)
        let payload = try PayloadEncoder().encode(sample)
        var thrown = 0
        for _ in 0..<300 {
            var damaged = payload
            for _ in 0..<Int.random(in: 1...4, using: &random) where !damaged.isEmpty {
                let index = Int.random(in: damaged.indices, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: damaged[index] = UInt8.random(in: 0...255, using: &random)
                case 1: damaged[index] = UInt8.random(in: 0xA0...0xA9, using: &random)
                case 2: damaged[index] = 0xFF
                case 3: damaged = damaged.prefix(index)
                case 4: damaged.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: damaged.remove(at: index)
                }
            }
            if (try? PayloadDecoder().decode(CodableSample.self, from: damaged)) == nil { thrown += 1 }
            _ = try? PayloadDecoder().decode([String: [Int]].self, from: damaged)
        }
        #expect(thrown > 150, "seed \(seed)")
    }
}
