import Foundation

/// The seeds a model test runs, one test case each: `1...count`, or only `MODEL_SEED` from the
/// environment, so a failing seed replays alone: `MODEL_SEED=17 swift test --filter LRUModelTests`.
public enum ModelSeeds {
    /// `[MODEL_SEED]` when that variable holds a number, else `1...count`.
    public static func first(_ count: UInt64) -> [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["MODEL_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        return Array(1...count)
    }
}
