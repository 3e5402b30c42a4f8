/// The entries of a `MemoryCache` and their order of use, exactly (true LRU), with lookup,
/// insertion, update and removal in amortized O(1).
///
/// Entries sit in place in an open-addressing table (linear probing, at most three quarters full
/// counting removed places), beside one control byte per place: empty, removed, or seven bits of
/// the key's fingerprint. The fingerprint is already a well-mixed hash, so a lookup hashes nothing;
/// it scans the small control bytes and reads an entry only when its bits match, so a hit costs one
/// trip to the entries' memory, as a `Dictionary` lookup does.
///
/// Recency is a log of uses: every insertion, update or read takes the next tick of a clock,
/// writes it into the entry as its latest use and appends the entry's place and tick to `uses`, so
/// a record in the log is current only while its tick is its entry's latest. The least recently
/// used entry is the one of the first current record from `head` on. So reading an entry touches
/// nothing the lookup did not already bring in (no neighbours to relink, as a linked list would
/// need); evictions walk the log past stale records, and whenever the log outgrows four times the
/// number of entries it is compacted to each live place's last record, found by walking it
/// backwards with one bit per place (no entry is read, so compaction costs no misses on entries).
/// Entries move only when the table is rebuilt (to grow, or to clear removed places), and the log
/// is rewritten with their new places then.
struct LRUTable {
    /// What the table keeps for one key.
    struct Entry {
        var key: Key
        /// The value, found only under the type it was stored as. `Encodable` only so the
        /// existential can be opened (`any Sendable`, like `Any`, is not opened implicitly).
        var value: any Encodable & Sendable
        /// Seconds since the reference date after which the entry is expired; +infinity for never.
        var expiry: Double
        var cost: Int
        /// The tick of the entry's latest use; -1 for a place without an entry.
        var latestUse: Int

        static let vacant = Entry(key: Key(""), value: false, expiry: 0, cost: 0, latestUse: -1)
    }

    /// One use of a place.
    private struct Use {
        var place: Int32
        var tick: Int
    }

    private static let empty: UInt8 = 0
    private static let removed: UInt8 = 1

    /// One byte per place: `empty`, `removed`, or `0x80` with the fingerprint's top seven bits.
    private var control = ContiguousArray<UInt8>(repeating: 0, count: 16)
    private var entries = ContiguousArray<Entry>(repeating: .vacant, count: 16)
    private var removedPlaces = 0
    /// Uses in order, oldest first, from `head` on (the part before has been consumed).
    private var uses: ContiguousArray<Use> = []
    private var head = 0
    /// The tick of the next use.
    private var clock = 0
    /// The number of entries.
    private(set) var count = 0
    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The place of `key`'s entry, if any; valid until an entry is next inserted.
    func place(of key: Key) -> Int? {
        let tag = Self.tag(of: key)
        let mask = control.count - 1
        var place = Int(truncatingIfNeeded: key.fingerprint) & mask
        while true {
            let byte = control[place]
            if byte == Self.empty { return nil }
            if byte == tag && entries[place].key == key { return place }
            place = (place + 1) & mask
        }
    }

    /// The entry at `place`, to read.
    subscript(place: Int) -> Entry {
        _read { yield entries[place] }
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

    /// Reads the entry at `place` as a value of type `type` into `destination` (uninitialized
    /// memory for a `type`): an expired entry (by `now`, asked only when the entry has an expiry)
    /// is removed, and a hit makes the entry the most recently used.
    mutating func read(at place: Int, as type: Any.Type, now: () -> Double, to destination: UnsafeMutableRawPointer) -> Reading {
        let expiry = entries[place].expiry
        if expiry != .infinity && expiry <= now() {
            remove(at: place)
            return .expired
        }
        let stored = entries[place].value
        guard Self.copy(stored, ifOf: type, to: destination) else { return .otherType }
        use(place)
        return .hit
    }

    /// Initializes `destination` with a copy of `stored` if it was stored as a `type`.
    private static func copy<Stored: Encodable & Sendable>(
        _ stored: Stored, ifOf type: Any.Type, to destination: UnsafeMutableRawPointer
    ) -> Bool {
        guard ObjectIdentifier(Stored.self) == ObjectIdentifier(type) else { return false }
        destination.assumingMemoryBound(to: Stored.self).initialize(to: stored)
        return true
    }

    /// Adds an entry for a key not in the table, as the most recently used.
    mutating func insert(_ value: any Encodable & Sendable, for key: Key, cost: Int, expiry: Double) {
        if 4 * (count + removedPlaces + 1) > 3 * control.count {
            rebuild(capacity: 2 * (count + 1) > control.count ? 2 * control.count : control.count)
        }
        let place = firstFree(from: Int(truncatingIfNeeded: key.fingerprint))
        if control[place] == Self.removed { removedPlaces -= 1 }
        control[place] = Self.tag(of: key)
        entries[place] = Entry(key: key, value: value, expiry: expiry, cost: cost, latestUse: clock)
        count += 1
        totalCost += cost
        appendUse(place)
    }

    /// Replaces the value, cost and expiry of the entry at `place` and makes it the most recently
    /// used: `overwrite` assigns the new value over the stored one if that is a `type` (so a value
    /// too large for the existential's inline buffer reuses its box), else `make` wraps it anew.
    mutating func update(
        at place: Int, as type: Any.Type, cost: Int, expiry: Double, overwrite: (UnsafeMutableRawPointer) -> Void,
        make: () -> any Encodable & Sendable
    ) {
        totalCost += cost - entries[place].cost
        var stored: any Encodable & Sendable = false
        swap(&stored, &entries[place].value)
        if !Self.overwrite(&stored, ifOf: type, with: overwrite) { stored = make() }
        swap(&stored, &entries[place].value)
        entries[place].expiry = expiry
        entries[place].cost = cost
        use(place)
    }

    /// Calls `write` with the address of `stored` if it is a `type`. The caller moves the
    /// existential out of the table first, so its box is not shared and is not copied.
    private static func overwrite<Stored: Encodable & Sendable>(
        _ stored: inout Stored, ifOf type: Any.Type, with write: (UnsafeMutableRawPointer) -> Void
    ) -> Bool {
        guard ObjectIdentifier(Stored.self) == ObjectIdentifier(type) else { return false }
        withUnsafeMutablePointer(to: &stored) { write(UnsafeMutableRawPointer($0)) }
        return true
    }

    /// Removes the entry at `place`.
    mutating func remove(at place: Int) {
        totalCost -= entries[place].cost
        entries[place] = .vacant
        let next = (place + 1) & (control.count - 1)
        if control[next] == Self.empty {
            control[place] = Self.empty
        } else {
            control[place] = Self.removed
            removedPlaces += 1
        }
        count -= 1
    }

    /// Removes the least recently used entry; false when there is none.
    mutating func removeOldest() -> Bool {
        while head < uses.count {
            let use = uses[head]
            let place = Int(use.place)
            head += 1
            if entries[place].latestUse == use.tick {
                remove(at: place)
                return true
            }
        }
        return false
    }

    /// The places of the entries from the least to the most recently used.
    mutating func placesFromOldest() -> [Int] {
        compact()
        return uses.map { Int($0.place) }
    }

    /// Removes every entry and releases the storage.
    mutating func removeAll() {
        self = LRUTable()
    }

    private static func tag(of key: Key) -> UInt8 {
        0x80 | UInt8(truncatingIfNeeded: key.fingerprint >> 57)
    }

    /// The first place from `start`'s home on that holds no entry.
    private func firstFree(from start: Int) -> Int {
        let mask = control.count - 1
        var place = start & mask
        while control[place] >= 0x80 { place = (place + 1) & mask }
        return place
    }

    private mutating func use(_ place: Int) {
        entries[place].latestUse = clock
        appendUse(place)
    }

    /// Logs a use of `place` at the current tick, which the caller has written into the entry.
    private mutating func appendUse(_ place: Int) {
        uses.append(Use(place: Int32(truncatingIfNeeded: place), tick: clock))
        clock += 1
        if uses.count > 4 * count + 64 { compact() }
    }

    /// Rewrites the log as each live place's last record, oldest first: walking backwards, the
    /// first record of a place is its latest; places without an entry are marked beforehand so
    /// none of theirs is kept.
    private mutating func compact() {
        var seen = ContiguousArray<UInt64>(repeating: 0, count: (control.count + 63) / 64)
        for place in control.indices where control[place] < 0x80 { seen[place >> 6] |= 1 << UInt64(place & 63) }
        var current = ContiguousArray<Use>()
        current.reserveCapacity(4 * count + 65)
        for position in (head..<uses.count).reversed() {
            let place = Int(uses[position].place)
            let bit: UInt64 = 1 << UInt64(place & 63)
            guard seen[place >> 6] & bit == 0 else { continue }
            seen[place >> 6] |= bit
            current.append(uses[position])
        }
        current.reverse()
        uses = current
        head = 0
    }

    /// Moves every entry into a table of `capacity` places without removed ones, in order of use,
    /// and rewrites the log with their new places.
    private mutating func rebuild(capacity: Int) {
        compact()
        var table = LRUTable()
        table.control = ContiguousArray(repeating: Self.empty, count: capacity)
        table.entries = ContiguousArray(repeating: .vacant, count: capacity)
        table.uses.reserveCapacity(4 * count + 65)
        for use in uses {
            let place = table.firstFree(from: Int(truncatingIfNeeded: entries[Int(use.place)].key.fingerprint))
            table.control[place] = control[Int(use.place)]
            swap(&table.entries[place], &entries[Int(use.place)])
            table.uses.append(Use(place: Int32(truncatingIfNeeded: place), tick: use.tick))
        }
        table.clock = clock
        table.count = count
        table.totalCost = totalCost
        self = table
    }
}
