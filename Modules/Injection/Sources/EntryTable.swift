/// The container's registrations by key: an immutable open-addressing hash table.
///
/// Built once per container and only read afterwards, so lookups take no lock. Keys hash by
/// the bits of their type's identity (a multiplicative hash, much cheaper than `Hasher`), mixed
/// with the name's hash that the key computed once. Each slot holds the type, the name's hash
/// and the entry unretained, so a probe compares plain bits and touches no reference counts;
/// names are compared as strings only when their hashes match.
///
/// The same table finds duplicates and overrides while it is built: no hashing beyond the key's
/// own, in one buffer sized once for all registrations, with no `Set` or `Dictionary`.
// @unchecked Sendable: `slots` is written only in `init`, before the table is shared, and freed
// only in `deinit`; in between it is only read.
@usableFromInline final class EntryTable: @unchecked Sendable {  // Safe: see above.
    @usableFromInline let slots: UnsafeMutableBufferPointer<Slot>
    /// The registration that won each key (a later component overrides an earlier one), in the
    /// order keys were first registered.
    @usableFromInline let registrations: [Registration]
    /// The entries of `registrations`, in the same order; they keep the slots' entries alive.
    private let owned: [any AnyEntry]
    /// The slot count less one, and how far a key's hash is shifted right to index a slot.
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt

    /// One slot of the table: empty while `type` is nil.
    @usableFromInline struct Slot {
        @usableFromInline var type: ObjectIdentifier?
        @usableFromInline var nameBits: UInt
        @usableFromInline var entry: Unmanaged<AnyObject>?
        /// Where the key's registration is in `registrations`.
        @usableFromInline var position: Int
    }

    /// The table of `components`' registrations; throws `duplicateRegistrations` when one
    /// component registers a key twice (each such key named once per component).
    init(_ components: [Component]) throws {
        var total = 0
        for component in components { total += component.registrations.count }
        var bits = 3
        while 1 << bits < total * 2 { bits += 1 }
        mask = (1 << bits) - 1
        shift = UInt(UInt.bitWidth - bits)
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot(type: nil, nameBits: 0, entry: nil, position: 0))
        var winners: [Registration] = []
        winners.reserveCapacity(total)
        // For each winner: the last component that registered its key, and the last component
        // that registered it twice (reported once per component).
        var marks: [(component: Int, reported: Int)] = []
        marks.reserveCapacity(total)
        var duplicates: [RegistrationKey] = []
        for (number, component) in components.enumerated() {
            for registration in component.registrations {
                let key = registration.key
                var index = Self.index(of: key, shift: shift)
                while let type = slots[index].type,
                    type != key.type || slots[index].nameBits != key.nameBits || winners[slots[index].position].key.name != key.name
                {
                    index = (index &+ 1) & mask
                }
                if slots[index].type == nil {
                    slots[index] = Slot(type: key.type, nameBits: key.nameBits, entry: nil, position: winners.count)
                    winners.append(registration)
                    marks.append((number, -1))
                    continue
                }
                let position = slots[index].position
                if marks[position].component != number {
                    marks[position].component = number
                    winners[position] = registration
                } else if marks[position].reported != number {
                    marks[position].reported = number
                    duplicates.append(key)
                }
            }
        }
        guard duplicates.isEmpty else {
            slots.deallocate()
            throw ContainerError.duplicateRegistrations(duplicates)
        }
        let owned = winners.map { $0.makeEntry() }
        for index in slots.indices where slots[index].type != nil {
            slots[index].entry = Unmanaged.passUnretained(owned[slots[index].position])
        }
        self.owned = owned
        self.registrations = winners
        self.keys = winners.map(\.key)
    }

    deinit {
        slots.deallocate()
    }

    /// The entry registered under `key`, unretained: valid while this table lives.
    @inlinable @inline(__always)
    func reference(for key: RegistrationKey) -> Unmanaged<AnyObject>? {
        slot(of: key).flatMap { slots[$0].entry }
    }

    /// The index of the slot holding `key`, if it is registered. An unnamed key is found by
    /// comparing bits alone; a named one compares its name once the hashes match.
    @inlinable @inline(__always)
    func slot(of key: RegistrationKey) -> Int? {
        var index = Self.index(of: key, shift: shift)
        while let type = slots[index].type {
            if type == key.type && slots[index].nameBits == key.nameBits && (key.nameBits == 0 || hasName(key.name, at: index)) {
                return index
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// Whether the registration in slot `index` has the name `name`.
    @usableFromInline
    func hasName(_ name: String?, at index: Int) -> Bool {
        registrations[slots[index].position].key.name == name
    }

    /// The entry registered under `key`, if any.
    func entry(for key: RegistrationKey) -> (any AnyEntry)? {
        slot(of: key).map { owned[slots[$0].position] }
    }

    /// Every entry, in registration order.
    var all: [any AnyEntry] {
        owned
    }

    /// Every registered key, in registration order.
    let keys: [RegistrationKey]

    @inlinable
    static func index(of key: RegistrationKey, shift: UInt) -> Int {
        let bits = UInt(bitPattern: key.type) ^ key.nameBits
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }
}
