import CacheTortureKit
import Foundation
import Storage

/// A disk cache at `directory` holding generation 0 of every slot in `slots`, written by `writer`:
/// the state each fault test starts from.
@discardableResult
package func prefilledCache(at directory: URL, writer: UInt64, slots: some Sequence<Int>) throws -> DiskCache {
    let cache = try DiskCache(directory: directory)
    for slot in slots {
        try cache.set(TortureValue(slot: slot, writer: writer, generation: 0), for: TortureValue.key(slot: slot))
    }
    return cache
}
