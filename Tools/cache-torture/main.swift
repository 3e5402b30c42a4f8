// cache-torture: a child process for the cache fault tests (Tests/CacheFaultTests, docs/FAULTS.md).
//
//   cache-torture write DIR SEED          overwrites the keys of TortureLayout.writeSlots in a
//                                         loop until killed (at most 20 s), printing
//                                         "set GENERATION" just before each write
//   cache-torture mixed DIR SEED SECONDS  sets and gets the keys of TortureLayout.mixedSlots for
//                                         SECONDS, then prints a MixedRunSummary as JSON
//
// Both print "ready" once the cache is open. Exit 0 ok, 1 a value failed verification or an
// operation threw, 64 usage.
import CacheTortureKit
import Foundation
import Storage
import StorageTesting
import TestSupport

func say(_ line: String, to descriptor: Int32 = 1) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    say("cache-torture: " + message, to: 2)
    exit(status)
}

/// Keeps overwriting the write slots with ever higher generations, continuing from what is on disk.
func writeLoop(cache: DiskCache, seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var generation: UInt64 = 0
    for slot in TortureLayout.writeSlots {
        guard let value = try cache.get(TortureValue.self, for: TortureValue.key(slot: slot)) else { continue }
        do {
            try value.verify(slot: slot)
        } catch {
            fail("found a damaged value at start: \(error)")
        }
        generation = max(generation, value.generation)
    }
    say("ready")
    let deadline = ContinuousClock.now + .seconds(20)
    for _ in 0..<200_000 where ContinuousClock.now < deadline {
        let slot = TortureLayout.writeSlots.lowerBound + Int(random.next() % UInt64(TortureLayout.writeSlots.count))
        generation += 1
        let value = TortureValue(slot: slot, writer: seed, generation: generation)
        say("set \(generation)")
        try cache.set(value, for: TortureValue.key(slot: slot))
    }
}

/// Sets and gets the mixed slots at random for `seconds`, verifying every value read.
func mixedLoop(cache: DiskCache, seed: UInt64, seconds: Double) -> MixedRunSummary {
    var random = SeededRandom(seed: seed)
    var summary = MixedRunSummary(writer: seed)
    var generation: UInt64 = 0
    say("ready")
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    for _ in 0..<500_000 where ContinuousClock.now < deadline {
        let slot = TortureLayout.mixedSlots.lowerBound + Int(random.next() % UInt64(TortureLayout.mixedSlots.count))
        let key = TortureValue.key(slot: slot)
        do {
            if random.next() % 2 == 0 {
                generation += 1
                try cache.set(TortureValue(slot: slot, writer: seed, generation: generation), for: key)
                summary.stores += 1
                summary.lastGeneration[slot] = generation
            } else if let value = try cache.get(TortureValue.self, for: key) {
                summary.hits += 1
                try value.verify(slot: slot)
            } else {
                summary.misses += 1
            }
        } catch {
            summary.defects.append(String(describing: error))
        }
    }
    return summary
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: cache-torture write DIR SEED | cache-torture mixed DIR SEED SECONDS"
guard arguments.count >= 3, let seed = UInt64(arguments[2]) else { fail(usage, status: 64) }
let cache: DiskCache
do {
    cache = try DiskCache(directory: URL(filePath: arguments[1], directoryHint: .isDirectory))
} catch {
    fail(error.description)
}
switch (arguments[0], arguments.count) {
case ("write", 3):
    do {
        try writeLoop(cache: cache, seed: seed)
    } catch {
        fail(String(describing: error))
    }
case ("mixed", 4):
    guard let seconds = Double(arguments[3]), seconds > 0, seconds <= 60 else { fail("SECONDS must be 0…60", status: 64) }
    let summary = mixedLoop(cache: cache, seed: seed, seconds: seconds)
    let json = (try? JSONEncoder().encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    say(json)
    exit(summary.defects.isEmpty ? 0 : 1)
default:
    fail(usage, status: 64)
}
