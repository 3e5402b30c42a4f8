/// The container's registrations by key: an immutable open-addressing hash table.
///
/// Built once per container and only read afterwards, so lookups take no lock. Keys hash by
/// the bits of their type's identity (a multiplicative hash, much cheaper than `Hasher`), plus
/// the name's hash for the rare named registration. Types, names and entries sit in separate
/// buffers so a probe compares plain identities and touches no reference counts.
// @unchecked Sendable: the three buffers are written only in `init`, before the table is
// shared, and freed only in `deinit`; in between they are only read.
@usableFromInline final class EntryTable: @unchecked Sendable {  // Safe: see above.
    @usableFromInline let types: UnsafeMutableBufferPointer<ObjectIdentifier?>
    @usableFromInline let names: UnsafeMutableBufferPointer<String?>
    /// The entries without reference counting, for lookups; `owned` keeps them alive.
    @usableFromInline let references: UnsafeMutableBufferPointer<Unmanaged<AnyObject>?>
    private let owned: [any AnyEntry]
    @usableFromInline let shift: Int

    /// A table of `entries`, whose keys are distinct.
    init(_ registered: [any AnyEntry]) {
        var bits = 3
        while 1 << bits < registered.count * 2 { bits += 1 }
        let capacity = 1 << bits
        types = .allocate(capacity: capacity)
        types.initialize(repeating: nil)
        names = .allocate(capacity: capacity)
        names.initialize(repeating: nil)
        references = .allocate(capacity: capacity)
        references.initialize(repeating: nil)
        owned = registered
        shift = UInt.bitWidth - bits
        for entry in registered {
            var index = Self.index(of: entry.key, shift: shift)
            while types[index] != nil { index = (index + 1) & (capacity - 1) }
            types[index] = entry.key.type
            names[index] = entry.key.name
            references[index] = Unmanaged.passUnretained(entry)
        }
    }

    deinit {
        types.deallocate()
        _ = names.deinitialize()
        names.deallocate()
        references.deallocate()
    }

    /// The entry registered under `key`, unretained: valid while this table lives.
    @inlinable
    func reference(for key: RegistrationKey) -> Unmanaged<AnyObject>? {
        let mask = types.count - 1
        var index = Self.index(of: key, shift: shift)
        while let type = types[index] {
            if type == key.type && names[index] == key.name { return references[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The entry registered under `key`, if any.
    func entry(for key: RegistrationKey) -> (any AnyEntry)? {
        owned.first { $0.key == key }
    }

    /// Every registered key, in registration order.
    var keys: [RegistrationKey] {
        owned.map(\.key)
    }

    @inlinable
    static func index(of key: RegistrationKey, shift: Int) -> Int {
        var bits = UInt(bitPattern: key.type)
        if let name = key.name { bits ^= UInt(bitPattern: name.hashValue) }
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }
}
