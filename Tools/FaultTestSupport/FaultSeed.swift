import Foundation
import TestSupport

/// The seed of a randomized fault test: `FAULTS_SEED` from the environment, or a fresh one.
/// Printed, so a failing run can be replayed: `FAULTS_SEED=<seed> swift test --filter FaultTests`.
package enum FaultSeed {
    package static func make(for test: String) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment["FAULTS_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: .min ... .max)
        print("FaultTests.\(test): seed \(seed) (replay: FAULTS_SEED=\(seed) swift test --filter FaultTests)")
        return seed
    }
}

/// Whether `name` is a disk cache entry's file name: 16 lowercase hex digits and `.cache`.
package func isEntryFileName(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    return utf8.count == 22 && name.hasSuffix(".cache")
        && utf8.prefix(16).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
}

/// Whether `name` is a hidden temporary file of an atomic write (`.<name>.<random>.tmp`).
package func isTemporaryFileName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
}
