import Foundation

/// The entries of a `MemoryCache` and their order of use, exactly (true LRU), with get, set and
/// remove in amortized O(1).
///
/// Entries live in a dictionary, so a lookup reaches an entry as directly as a plain dictionary
/// would. Recency is a log of uses: every insertion or read appends the entry's slot number to
/// `uses` and counts one more pending use in the entry itself; a slot's last use in the log is
/// its only current one. The least recently used entry is the first one, from the front of the
/// log, whose pending count drops to zero. So reading an entry touches nothing the lookup did not
/// already bring in (no neighbours to relink, as a linked list would need), and the bookkeeping is
/// settled when an eviction walks the log. The log is compacted to the current uses whenever it
/// outgrows four times the number of entries; freed slots are reused only after a compaction, once no
/// old use of them is left in the log.
struct LRUTable {
    /// What the table keeps for one key.
    struct Entry {
        var value: any Sendable
        /// Seconds since the reference date after which the entry is expired; +infinity for never.
        var expiry: Double
        fileprivate(set) var cost: Int
        /// The entry's slot, which names it in the log of uses.
        fileprivate(set) var slot: Int32
        /// How many of the entry's uses are in the log.
        fileprivate var pendingUses: Int32
    }

    /// Where an entry is in the table; valid until an entry is next inserted or removed.
    typealias Position = Dictionary<Key, Entry>.Index

    private static let vacantKey = Key("")

    private var entries: [Key: Entry] = [:]
    /// The key of the entry in each slot (`vacantKey` when the slot is free).
    private var keys: ContiguousArray<Key> = []
    private var occupied: ContiguousArray<Bool> = []
    /// Slots free to reuse, and slots freed since the last compaction (still named in the log).
    private var free: [Int32] = []
    private var freedSinceCompaction: [Int32] = []
    /// Uses of slots, oldest first, from `head` on (the part before `head` has been consumed).
    private var uses: ContiguousArray<Int32> = []
    private var head = 0
    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { entries.count }

    /// The position of `key`'s entry, if any.
    func position(of key: Key) -> Position? {
        entries.index(forKey: key)
    }

    /// Runs `body` on the entry at `position` in place, so reading a field copies only that field.
    mutating func withEntry<Result>(at position: Position, _ body: (inout Entry) -> Result) -> Result {
        body(&entries.values[position])
    }

    /// What reading an entry found.
    enum Reading {
        /// The entry's value; the entry is now the most recently used.
        case hit(any Sendable)
        /// The entry had expired, and has been removed.
        case expired
        /// The entry holds a value of another type; it is left as it was.
        case otherType
    }

    /// Reads the entry at `position` as a value of type `type`, in one pass over its memory:
    /// an expired entry (by `now`, asked only when the entry has an expiry) is removed, and a hit
    /// makes the entry the most recently used.
    mutating func read(at position: Position, as type: Any.Type, now: () -> Date) -> Reading {
        let (reading, slot) = withEntry(at: position) { entry -> (Reading, Int32) in
            if entry.expiry != .infinity && entry.expiry <= now().timeIntervalSinceReferenceDate {
                return (.expired, entry.slot)
            }
            guard Swift.type(of: entry.value) == type else { return (.otherType, entry.slot) }
            entry.pendingUses += 1
            return (.hit(entry.value), entry.slot)
        }
        switch reading {
        case .hit: log(slot)
        case .expired: remove(at: position)
        case .otherType: break
        }
        return reading
    }

    /// Adds an entry for a key not in the table, as the most recently used.
    mutating func insert(_ value: any Sendable, for key: Key, cost: Int, expiry: Double) {
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            keys[Int(slot)] = key
            occupied[Int(slot)] = true
        } else {
            slot = Int32(keys.count)
            keys.append(key)
            occupied.append(true)
        }
        totalCost += cost
        entries[key] = Entry(value: value, expiry: expiry, cost: cost, slot: slot, pendingUses: 1)
        log(slot)
    }

    /// Replaces the value, cost and expiry of the entry at `position` and makes it the most recently used.
    mutating func update(at position: Position, value: any Sendable, cost: Int, expiry: Double) {
        let (slot, oldCost) = withEntry(at: position) { entry in
            let oldCost = entry.cost
            entry.value = value
            entry.expiry = expiry
            entry.cost = cost
            entry.pendingUses += 1
            return (entry.slot, oldCost)
        }
        totalCost += cost - oldCost
        log(slot)
    }

    /// Removes the entry at `position`.
    mutating func remove(at position: Position) {
        let entry = entries.remove(at: position).value
        totalCost -= entry.cost
        release(entry.slot)
    }

    /// Removes the least recently used entry; false when there is none.
    mutating func removeOldest() -> Bool {
        while head < uses.count {
            let slot = Int(uses[head])
            head += 1
            guard occupied[slot], let position = entries.index(forKey: keys[slot]) else { continue }
            let isLastUse = withEntry(at: position) { entry in
                entry.pendingUses -= 1
                return entry.pendingUses == 0
            }
            if isLastUse {
                remove(at: position)
                return true
            }
        }
        return false
    }

    /// The keys from the least to the most recently used.
    mutating func keysFromOldest() -> [Key] {
        compact()
        return uses.map { keys[Int($0)] }
    }

    /// Removes every entry and releases the storage.
    mutating func removeAll() {
        self = LRUTable()
    }

    private mutating func log(_ slot: Int32) {
        uses.append(slot)
        if uses.count > 4 * entries.count + 64 { compact() }
    }

    private mutating func release(_ slot: Int32) {
        keys[Int(slot)] = Self.vacantKey
        occupied[Int(slot)] = false
        freedSinceCompaction.append(slot)
    }

    /// Rewrites the log as each entry's last use, oldest first, and frees the slots it no longer names.
    private mutating func compact() {
        var seen = [Bool](repeating: false, count: keys.count)
        var current = ContiguousArray<Int32>()
        current.reserveCapacity(entries.count)
        for index in (head..<uses.count).reversed() {
            let slot = Int(uses[index])
            guard occupied[slot], !seen[slot] else { continue }
            seen[slot] = true
            current.append(uses[index])
        }
        current.reverse()
        uses = current
        head = 0
        var position = entries.startIndex
        while position != entries.endIndex {
            entries.values[position].pendingUses = 1
            position = entries.index(after: position)
        }
        free += freedSinceCompaction
        freedSinceCompaction.removeAll()
    }
}
