/// The entries of a `MemoryCache` and their order of use, exactly (true LRU), with lookup,
/// insertion, update and removal in amortized O(1).
///
/// Entries sit in an array of slots, found through an open-addressing index (linear probing,
/// removal by backward shift, at most half full) of words that hold the low 32 bits of the key's
/// fingerprint and the slot number. The fingerprint is already a well-mixed hash, so a lookup
/// hashes nothing; it compares the stored bits first and reads a slot only when they match.
///
/// Recency is a log of uses: every insertion, update or read appends the slot number to `uses`
/// and records that position in the entry as its latest use, so a record in the log is current
/// only while its position is its entry's latest use. The least recently used entry is the one
/// of the first current record from `head` on. So reading an entry touches nothing the lookup did
/// not already bring in (no neighbours to relink, as a linked list would need); evictions walk the
/// log past stale records, and the log is compacted to its current records whenever it outgrows
/// four times the number of entries.
struct LRUTable {
    /// What the table keeps for one key.
    struct Entry {
        var key: Key
        var value: any Sendable
        /// The type the value was stored as: a read of another type misses.
        var valueType: Any.Type
        /// Seconds since the reference date after which the entry is expired; +infinity for never.
        var expiry: Double
        var cost: Int
        /// The position in `uses` of the entry's latest use; -1 for a free slot.
        var latestUse: Int

        static let vacant = Entry(key: Key(""), value: (), valueType: Void.self, expiry: 0, cost: 0, latestUse: -1)
    }

    private var entries: ContiguousArray<Entry> = []
    private var free: [Int] = []
    /// Open-addressing index: 0 for an empty place, else `fingerprint's low 32 bits << 32 | slot + 1`.
    private var index = ContiguousArray<UInt64>(repeating: 0, count: 16)
    /// Slot numbers in order of use, oldest first, from `head` on (the part before has been consumed).
    private var uses: ContiguousArray<Int32> = []
    private var head = 0
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
        /// The entry holds a value of the type asked for; it is now the most recently used.
        case hit
        /// The entry had expired, and has been removed.
        case expired
        /// The entry holds a value of another type; it is left as it was.
        case otherType
    }

    /// Reads the entry in `slot` as a value of type `type`: an expired entry (by `now`, asked only
    /// when the entry has an expiry) is removed, and a hit makes the entry the most recently used.
    mutating func read(at slot: Int, as type: Any.Type, now: () -> Double) -> Reading {
        let expiry = entries[slot].expiry
        if expiry != .infinity && expiry <= now() {
            remove(at: slot)
            return .expired
        }
        guard entries[slot].valueType == type else { return .otherType }
        use(slot)
        return .hit
    }

    /// Adds an entry for a key not in the table, as the most recently used.
    mutating func insert<Value: Sendable>(_ value: Value, for key: Key, cost: Int, expiry: Double) {
        if 2 * (count + 1) > index.count { growIndex() }
        let entry = Entry(key: key, value: value, valueType: Value.self, expiry: expiry, cost: cost, latestUse: uses.count)
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
    mutating func update<Value: Sendable>(at slot: Int, value: Value, cost: Int, expiry: Double) {
        totalCost += cost - entries[slot].cost
        entries[slot].value = value
        entries[slot].valueType = Value.self
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
            let position = head
            let slot = Int(uses[position])
            head += 1
            if entries[slot].latestUse == position {
                remove(at: slot)
                return true
            }
        }
        return false
    }

    /// The slots from the least to the most recently used.
    mutating func slotsFromOldest() -> [Int] {
        compact()
        return uses.map(Int.init)
    }

    /// Removes every entry and releases the storage.
    mutating func removeAll() {
        self = LRUTable()
    }

    private mutating func use(_ slot: Int) {
        entries[slot].latestUse = uses.count
        appendUse(slot)
    }

    private mutating func appendUse(_ slot: Int) {
        uses.append(Int32(truncatingIfNeeded: slot))
        if uses.count > 4 * count + 64 { compact() }
    }

    /// Rewrites the log as its current records, oldest first, renumbering the entries' latest uses.
    private mutating func compact() {
        var current = ContiguousArray<Int32>()
        current.reserveCapacity(count)
        for position in head..<uses.count {
            let slot = Int(uses[position])
            guard entries[slot].latestUse == position else { continue }
            entries[slot].latestUse = current.count
            current.append(uses[position])
        }
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
