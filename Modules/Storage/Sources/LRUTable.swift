/// The entries of a `MemoryCache` and their order of use, exactly (true LRU), with lookup,
/// insertion, update and removal in amortized O(1).
///
/// Entries sit in an array of slots, found through an open-addressing index (linear probing,
/// removal by backward shift, at most half full) of words that hold the low 32 bits of the key's
/// fingerprint and the slot number. The fingerprint is already a well-mixed hash, so a lookup
/// hashes nothing; it compares the stored bits first and reads a slot only when they match.
///
/// Recency is a log of uses: every insertion, update or read takes the next tick of a clock,
/// writes it into the entry as its latest use and appends the slot and tick to `uses`, so a record
/// in the log is current only while its tick is its entry's latest. The least recently used entry
/// is the one of the first current record from `head` on. So reading an entry touches nothing the
/// lookup did not already bring in (no neighbours to relink, as a linked list would need);
/// evictions walk the log past stale records, and whenever the log outgrows four times the number
/// of entries it is compacted to each occupied slot's last record, found by walking it backwards
/// with one bit per slot (no entry is read, so compaction costs no cache misses on the entries).
struct LRUTable {
    /// What the table keeps for one key.
    struct Entry {
        var key: Key
        /// The value, found only under the type it was stored as. `Encodable` only so the
        /// existential can be opened in place (`any Sendable`, like `Any`, is not opened implicitly).
        var value: any Encodable & Sendable
        /// Seconds since the reference date after which the entry is expired; +infinity for never.
        var expiry: Double
        var cost: Int
        /// The tick of the entry's latest use; -1 for a free slot.
        var latestUse: Int

        static let vacant = Entry(key: Key(""), value: false, expiry: 0, cost: 0, latestUse: -1)
    }

    private var entries: ContiguousArray<Entry> = []
    private var free: [Int] = []
    /// Open-addressing index: 0 for an empty place, else `fingerprint's low 32 bits << 32 | slot + 1`.
    private var index = ContiguousArray<UInt64>(repeating: 0, count: 16)
    /// One use of a slot.
    private struct Use {
        var slot: Int32
        var tick: Int
    }

    /// Uses in order, oldest first, from `head` on (the part before has been consumed).
    private var uses: ContiguousArray<Use> = []
    private var head = 0
    /// The tick of the next use.
    private var clock = 0
    /// The number of entries.
    private(set) var count = 0
    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The slot of `key`'s entry, if any; valid until an entry is next removed.
    func slot(of key: Key) -> Int? {
        let tag = key.fingerprint & 0xffff_ffff
        let mask = index.count - 1
        var place = Int(truncatingIfNeeded: tag) & mask
        while true {
            let word = index[place]
            if word == 0 { return nil }
            if word >> 32 == tag {
                let slot = Int(truncatingIfNeeded: word & 0xffff_ffff) - 1
                if entries[slot].key == key { return slot }
            }
            place = (place + 1) & mask
        }
    }

    /// The entry in `slot`, to read.
    subscript(slot: Int) -> Entry {
        _read { yield entries[slot] }
    }

    /// What reading an entry found.
    enum Reading {
        /// The entry's value has been copied out; the entry is now the most recently used.
        case hit
        /// The entry had expired, and has been removed.
        case expired
        /// The entry holds a value of another type; it is left as it was.
        case otherType
    }

    /// Reads the entry in `slot` as a value of type `type` into `destination` (uninitialized memory
    /// for a `type`): an expired entry (by `now`, asked only when the entry has an expiry) is
    /// removed, and a hit makes the entry the most recently used.
    mutating func read(at slot: Int, as type: Any.Type, now: () -> Double, to destination: UnsafeMutableRawPointer) -> Reading {
        let expiry = entries[slot].expiry
        if expiry != .infinity && expiry <= now() {
            remove(at: slot)
            return .expired
        }
        guard copyValue(at: slot, ifOf: type, to: destination) else { return .otherType }
        use(slot)
        return .hit
    }

    /// Initializes `destination` with a copy of the value in `slot` if it was stored as a `type`:
    /// the existential is opened where it lies and the value copied once, by its own type.
    private func copyValue(at slot: Int, ifOf type: Any.Type, to destination: UnsafeMutableRawPointer) -> Bool {
        let stored = entries[slot].value
        return Self.copyOut(stored, ifOf: type, to: destination)
    }

    private static func copyOut<Stored: Encodable & Sendable>(_ stored: Stored, ifOf type: Any.Type, to destination: UnsafeMutableRawPointer) -> Bool {
        guard ObjectIdentifier(Stored.self) == ObjectIdentifier(type) else { return false }
        destination.assumingMemoryBound(to: Stored.self).initialize(to: stored)
        return true
    }

    /// Adds an entry for a key not in the table, as the most recently used.
    mutating func insert<Value: Encodable & Sendable>(_ value: Value, for key: Key, cost: Int, expiry: Double) {
        if 2 * (count + 1) > index.count { growIndex() }
        let entry = Entry(key: key, value: value, expiry: expiry, cost: cost, latestUse: clock)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
        }
        let tag = key.fingerprint & 0xffff_ffff
        let mask = index.count - 1
        var place = Int(truncatingIfNeeded: tag) & mask
        while index[place] != 0 { place = (place + 1) & mask }
        index[place] = tag << 32 | UInt64(slot + 1)
        count += 1
        totalCost += cost
        appendUse(slot)
    }

    /// Replaces the value, cost and expiry of the entry in `slot` and makes it the most recently used.
    mutating func update<Value: Encodable & Sendable>(at slot: Int, value: Value, cost: Int, expiry: Double) {
        totalCost += cost - entries[slot].cost
        entries[slot].value = value
        entries[slot].expiry = expiry
        entries[slot].cost = cost
        use(slot)
    }

    /// Removes the entry in `slot`.
    mutating func remove(at slot: Int) {
        let mask = index.count - 1
        var hole = Int(truncatingIfNeeded: entries[slot].key.fingerprint) & mask
        while Int(truncatingIfNeeded: index[hole] & 0xffff_ffff) != slot + 1 { hole = (hole + 1) & mask }
        var next = (hole + 1) & mask
        while index[next] != 0 {
            let home = Int(truncatingIfNeeded: index[next] >> 32) & mask
            if (next - home) & mask >= (next - hole) & mask {
                index[hole] = index[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        index[hole] = 0
        totalCost -= entries[slot].cost
        entries[slot] = .vacant
        free.append(slot)
        count -= 1
    }

    /// Removes the least recently used entry; false when there is none.
    mutating func removeOldest() -> Bool {
        while head < uses.count {
            let use = uses[head]
            let slot = Int(use.slot)
            head += 1
            if entries[slot].latestUse == use.tick {
                remove(at: slot)
                return true
            }
        }
        return false
    }

    /// The slots from the least to the most recently used.
    mutating func slotsFromOldest() -> [Int] {
        compact()
        return uses.map { Int($0.slot) }
    }

    /// Removes every entry and releases the storage.
    mutating func removeAll() {
        self = LRUTable()
    }

    private mutating func use(_ slot: Int) {
        entries[slot].latestUse = clock
        appendUse(slot)
    }

    /// Logs a use of `slot` at the current tick, which the caller has written into the entry.
    private mutating func appendUse(_ slot: Int) {
        uses.append(Use(slot: Int32(truncatingIfNeeded: slot), tick: clock))
        clock += 1
        if uses.count > 4 * count + 64 { compact() }
    }

    /// Rewrites the log as each occupied slot's last record, oldest first: walking backwards, the
    /// first record of a slot is its latest; free slots are marked beforehand so none of theirs is kept.
    private mutating func compact() {
        var seen = ContiguousArray<UInt64>(repeating: 0, count: (entries.count + 63) / 64)
        for slot in free { seen[slot >> 6] |= 1 << UInt64(slot & 63) }
        var current = ContiguousArray<Use>()
        current.reserveCapacity(4 * count + 65)
        for position in (head..<uses.count).reversed() {
            let slot = Int(uses[position].slot)
            let bit: UInt64 = 1 << UInt64(slot & 63)
            guard seen[slot >> 6] & bit == 0 else { continue }
            seen[slot >> 6] |= bit
            current.append(uses[position])
        }
        current.reverse()
        uses = current
        head = 0
    }

    /// Doubles the index and places every word again from its stored fingerprint bits.
    private mutating func growIndex() {
        var grown = ContiguousArray<UInt64>(repeating: 0, count: 2 * index.count)
        let mask = grown.count - 1
        for word in index where word != 0 {
            var place = Int(truncatingIfNeeded: word >> 32) & mask
            while grown[place] != 0 { place = (place + 1) & mask }
            grown[place] = word
        }
        index = grown
    }
}
