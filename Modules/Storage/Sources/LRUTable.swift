/// The entries of a `MemoryCache` and their order of use, exactly (true LRU), with lookup,
/// insertion, update and removal in amortized O(1).
///
/// Two arrays, as in a compact dictionary: the entries, dense and in no order, and an
/// open-addressing index over them (linear probing, at most three quarters full counting removed
/// places) of one word per place: empty, removed, or the top 32 bits of the key's fingerprint beside
/// the entry's position. The fingerprint is already a well-mixed hash, so a lookup hashes nothing;
/// it scans the small index words and reads an entry only when 32 bits of fingerprint match, so a hit
/// costs one trip to the index and one to the entry. The dense entries take no room for empty places,
/// and the index (8 bytes a place) is a ninth of the size the entries would take in place, so far
/// fewer cache lines and pages are crossed once the table outgrows the processor's caches. Removing
/// an entry moves the last one into its position and updates that one's index word.
///
/// Recency is a log of uses: every insertion, update or read takes the next tick of a clock,
/// writes it into the entry as its latest use and appends the entry's place in the index and tick
/// to `uses`, so a record in the log is current only while its place holds an entry whose latest
/// use is that tick. The least recently used entry is the one of the first current record from
/// `head` on. So reading an entry touches nothing the lookup did not already bring in (no
/// neighbours to relink, as a linked list would need); evictions walk the log past stale records,
/// and whenever the log outgrows four times the number of entries it is compacted to each live
/// place's last record, found by walking it backwards with one bit per place (no entry is read, so
/// compaction costs no misses on entries). Places change only when the index is rebuilt (to grow,
/// or to clear removed places), and the log is rewritten with the new places then; entries are not
/// moved by a rebuild.
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
        /// The tick of the entry's latest use.
        var latestUse: Int
    }

    /// One use of a place.
    private struct Use {
        var place: Int32
        var tick: Int
    }

    private static let empty: UInt64 = 0
    private static let removed: UInt64 = 1
    /// Set in the index word of a place that holds an entry.
    private static let occupied: UInt64 = 0x8000_0000
    /// The bits of an index word that hold the entry's position.
    private static let positionBits: UInt64 = 0x7FFF_FFFF
    /// The bits of an index word that hold the top of the key's fingerprint.
    private static let fingerprintBits: UInt64 = 0xFFFF_FFFF_0000_0000

    /// One word per place: `empty`, `removed`, or `occupied` with the fingerprint's top 32 bits and
    /// the entry's position in `entries`.
    private var index = ContiguousArray<UInt64>(repeating: empty, count: 16)
    private var entries = ContiguousArray<Entry>()
    private var removedPlaces = 0
    /// Uses in order, oldest first, from `head` on (the part before has been consumed).
    private var uses: ContiguousArray<Use> = []
    private var head = 0
    /// The tick of the next use.
    private var clock = 0
    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { entries.count }

    /// The place of `key`'s entry, if any; valid until an entry is next inserted.
    func place(of key: Key) -> Int? {
        let mask = index.count - 1
        var place = Int(truncatingIfNeeded: key.fingerprint) & mask
        while true {
            let word = index[place]
            if word == Self.empty { return nil }
            if (word ^ key.fingerprint) & Self.fingerprintBits == 0, word & Self.occupied != 0,
                entries[Self.position(word)].key == key
            {
                return place
            }
            place = (place + 1) & mask
        }
    }

    /// The entry at `place`, to read.
    subscript(place: Int) -> Entry {
        _read { yield entries[Self.position(index[place])] }
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
        let position = Self.position(index[place])
        let expiry = entries[position].expiry
        if expiry != .infinity && expiry <= now() {
            remove(at: place)
            return .expired
        }
        let stored = entries[position].value
        guard Self.copy(stored, ifOf: type, to: destination) else { return .otherType }
        use(place, at: position)
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
    mutating func insert<Value: Encodable & Sendable>(_ value: Value, for key: Key, cost: Int, expiry: Double) {
        if 4 * (count + removedPlaces + 1) > 3 * index.count {
            rebuild(capacity: 2 * (count + 1) > index.count ? 2 * index.count : index.count)
        }
        let place = firstFree(from: Int(truncatingIfNeeded: key.fingerprint))
        if index[place] == Self.removed { removedPlaces -= 1 }
        index[place] = Self.word(fingerprint: key.fingerprint, position: entries.count)
        entries.append(Entry(key: key, value: value, expiry: expiry, cost: cost, latestUse: clock))
        totalCost += cost
        appendUse(place)
    }

    /// Replaces the value, cost and expiry of the entry at `place` and makes it the most recently used.
    mutating func update<Value: Encodable & Sendable>(at place: Int, value: Value, cost: Int, expiry: Double) {
        let position = Self.position(index[place])
        totalCost += cost - entries[position].cost
        var stored: any Encodable & Sendable = false
        swap(&stored, &entries[position].value)
        if !Self.assign(value, to: &stored) { stored = value }
        swap(&stored, &entries[position].value)
        entries[position].expiry = expiry
        entries[position].cost = cost
        use(place, at: position)
    }

    /// Overwrites `stored` with `value` in place if it holds a `Value`, so a value too large for the
    /// existential's inline buffer reuses its box instead of allocating another (the caller moves
    /// the existential out of the table first, so the box is not shared and is not copied).
    private static func assign<Stored: Encodable & Sendable, Value>(_ value: Value, to stored: inout Stored) -> Bool {
        guard ObjectIdentifier(Stored.self) == ObjectIdentifier(Value.self) else { return false }
        withUnsafeMutablePointer(to: &stored) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Value.self).pointee = value }
        return true
    }

    /// Removes the entry at `place`; the last entry takes its position.
    mutating func remove(at place: Int) {
        let position = Self.position(index[place])
        totalCost -= entries[position].cost
        let last = entries.count - 1
        if position != last {
            let moved = self.place(ofPosition: last)
            index[moved] = Self.word(fingerprint: entries[last].key.fingerprint, position: position)
            entries.swapAt(position, last)
        }
        entries.removeLast()
        let next = (place + 1) & (index.count - 1)
        if index[next] == Self.empty {
            index[place] = Self.empty
        } else {
            index[place] = Self.removed
            removedPlaces += 1
        }
    }

    /// Removes the least recently used entry; false when there is none.
    mutating func removeOldest() -> Bool {
        while head < uses.count {
            let use = uses[head]
            let place = Int(use.place)
            head += 1
            let word = index[place]
            if word & Self.occupied != 0 && entries[Self.position(word)].latestUse == use.tick {
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

    private static func position(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: word & positionBits)
    }

    private static func word(fingerprint: UInt64, position: Int) -> UInt64 {
        fingerprint & fingerprintBits | occupied | UInt64(truncatingIfNeeded: position)
    }

    /// The place whose entry is at `position`.
    private func place(ofPosition position: Int) -> Int {
        let mask = index.count - 1
        let word = Self.word(fingerprint: entries[position].key.fingerprint, position: position)
        var place = Int(truncatingIfNeeded: entries[position].key.fingerprint) & mask
        while index[place] != word { place = (place + 1) & mask }
        return place
    }

    /// The first place from `start`'s home on that holds no entry.
    private func firstFree(from start: Int) -> Int {
        let mask = index.count - 1
        var place = start & mask
        while index[place] & Self.occupied != 0 { place = (place + 1) & mask }
        return place
    }

    private mutating func use(_ place: Int, at position: Int) {
        entries[position].latestUse = clock
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
        var seen = ContiguousArray<UInt64>(repeating: 0, count: (index.count + 63) / 64)
        for place in index.indices where index[place] & Self.occupied == 0 { seen[place >> 6] |= 1 << UInt64(place & 63) }
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

    /// Moves every index word into an index of `capacity` places without removed ones, in order of
    /// use, and rewrites the log with their new places; the entries stay where they are.
    private mutating func rebuild(capacity: Int) {
        compact()
        var rebuilt = ContiguousArray<UInt64>(repeating: Self.empty, count: capacity)
        let mask = capacity - 1
        for position in uses.indices {
            let word = index[Int(uses[position].place)]
            var place = Int(truncatingIfNeeded: entries[Self.position(word)].key.fingerprint) & mask
            while rebuilt[place] != Self.empty { place = (place + 1) & mask }
            rebuilt[place] = word
            uses[position].place = Int32(truncatingIfNeeded: place)
        }
        index = rebuilt
        removedPlaces = 0
        entries.reserveCapacity(capacity * 3 / 4)
    }
}
