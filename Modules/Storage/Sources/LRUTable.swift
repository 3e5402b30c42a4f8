/// The entries of a `MemoryCache` in order of use: a dictionary from key to slot, and a doubly
/// linked list threaded through an array of slots (most recently used at the head), so lookup,
/// insertion, touching and removal are all O(1) with no allocation per node.
///
/// The links live in their own compact array so reordering touches little memory.
struct LRUTable {
    /// What the table keeps for one key.
    struct Entry {
        var key: Key
        var value: any Sendable
        var cost: Int
        /// Seconds since the reference date after which the entry is expired; +infinity for never.
        var expiry: Double
    }

    private struct Link {
        var older: Int32
        var newer: Int32
    }

    private static let none: Int32 = -1

    private var slots: [Key: Int32] = [:]
    private var entries: ContiguousArray<Entry?> = []
    private var links: ContiguousArray<Link> = []
    private var free: [Int32] = []
    private var newest = none
    private var oldest = none

    /// The number of entries.
    var count: Int { slots.count }

    /// The slot holding `key`, if any.
    func slot(of key: Key) -> Int32? {
        slots[key]
    }

    /// The entry in `slot`, which must be occupied.
    subscript(slot: Int32) -> Entry {
        get { entries[Int(slot)].unsafelyUnwrapped }
        _modify { yield &entries[Int(slot)]! }
    }

    /// Makes the entry in `slot` the most recently used.
    mutating func touch(_ slot: Int32) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    /// Adds an entry for a key not in the table, as the most recently used; returns its slot.
    @discardableResult
    mutating func insert(_ entry: Entry) -> Int32 {
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            entries[Int(slot)] = entry
        } else {
            slot = Int32(entries.count)
            entries.append(entry)
            links.append(Link(older: Self.none, newer: Self.none))
        }
        slots[entry.key] = slot
        linkAsNewest(slot)
        return slot
    }

    /// Removes the entry in `slot` and returns it.
    @discardableResult
    mutating func remove(_ slot: Int32) -> Entry {
        unlink(slot)
        let entry = entries[Int(slot)].unsafelyUnwrapped
        entries[Int(slot)] = nil
        slots[entry.key] = nil
        free.append(slot)
        return entry
    }

    /// The slot of the least recently used entry, if any.
    var oldestSlot: Int32? {
        oldest == Self.none ? nil : oldest
    }

    /// The occupied slots from the least to the most recently used.
    var slotsFromOldest: [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        var slot = oldest
        while slot != Self.none {
            result.append(slot)
            slot = links[Int(slot)].newer
        }
        return result
    }

    /// Removes every entry and releases the storage.
    mutating func removeAll() {
        self = LRUTable()
    }

    private mutating func unlink(_ slot: Int32) {
        let link = links[Int(slot)]
        if link.older != Self.none { links[Int(link.older)].newer = link.newer } else { oldest = link.newer }
        if link.newer != Self.none { links[Int(link.newer)].older = link.older } else { newest = link.older }
    }

    private mutating func linkAsNewest(_ slot: Int32) {
        links[Int(slot)] = Link(older: newest, newer: Self.none)
        if newest != Self.none { links[Int(newest)].newer = slot } else { oldest = slot }
        newest = slot
    }
}
