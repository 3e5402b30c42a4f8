import Foundation

/// One disk-cache entry as bytes: a fixed header, the key, the value's type name and the encoded
/// value, guarded by a checksum so a torn, truncated or damaged file is recognised, not trusted.
///
/// Layout (little-endian): magic `XLC1`, key length (UInt32), type length (UInt32), reserved
/// (UInt32, zero), payload length (UInt64), stored-at and expires-at (Float64 seconds since 1970,
/// +infinity for never), FNV-1a-64 checksum of every other byte (UInt64); then key, type, payload.
struct EntryRecord: Equatable {
    /// The text of the key the entry was stored under.
    var key: String
    /// The fully qualified name of the stored value's type.
    var type: String
    /// When the entry was stored.
    var storedAt: Date
    /// When the entry stops being valid, or nil for never.
    var expiresAt: Date?
    /// The encoded value.
    var payload: Data

    /// Why bytes are not a valid record.
    enum Damage: Error, Equatable {
        case tooShort
        case badMagic
        case wrongLength
        case badChecksum
        case badText
    }

    private static let magic: [UInt8] = Array("XLC1".utf8)
    private static let headerSize = 48
    private static let checksumOffset = 40

    /// Whether the entry has expired at `date`.
    func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    /// The record as the bytes of a file.
    func encoded() -> Data {
        let keyBytes = Array(key.utf8)
        let typeBytes = Array(type.utf8)
        var header = [UInt8]()
        header.reserveCapacity(Self.headerSize)
        header += Self.magic
        header.append(littleEndian: UInt32(keyBytes.count))
        header.append(littleEndian: UInt32(typeBytes.count))
        header.append(littleEndian: UInt32(0))
        header.append(littleEndian: UInt64(payload.count))
        header.append(littleEndian: storedAt.timeIntervalSince1970.bitPattern)
        header.append(littleEndian: (expiresAt?.timeIntervalSince1970 ?? .infinity).bitPattern)
        var checksum = FNV1a.hash(header)
        checksum = FNV1a.hash(keyBytes, seed: checksum)
        checksum = FNV1a.hash(typeBytes, seed: checksum)
        checksum = payload.withUnsafeBytes { FNV1a.hash($0, seed: checksum) }
        header.append(littleEndian: checksum)

        var data = Data(capacity: Self.headerSize + keyBytes.count + typeBytes.count + payload.count)
        data.append(contentsOf: header)
        data.append(contentsOf: keyBytes)
        data.append(contentsOf: typeBytes)
        data.append(payload)
        return data
    }

    /// The record in `data`, or `Damage` when the bytes are not exactly one intact record.
    init(decoding data: Data) throws(Damage) {
        let bytes = [UInt8](data)
        guard bytes.count >= Self.headerSize else { throw .tooShort }
        guard Array(bytes[0..<4]) == Self.magic else { throw .badMagic }
        let keyCount = Int(bytes.loadLittleEndian(UInt32.self, at: 4))
        let typeCount = Int(bytes.loadLittleEndian(UInt32.self, at: 8))
        let payloadCount = bytes.loadLittleEndian(UInt64.self, at: 16)
        guard payloadCount <= UInt64(bytes.count),
            Self.headerSize + keyCount + typeCount + Int(payloadCount) == bytes.count
        else { throw .wrongLength }
        let stored = bytes.loadLittleEndian(UInt64.self, at: Self.checksumOffset)
        var checksum = FNV1a.hash(bytes[0..<Self.checksumOffset])
        checksum = FNV1a.hash(bytes[Self.headerSize...], seed: checksum)
        guard checksum == stored else { throw .badChecksum }

        let keyEnd = Self.headerSize + keyCount
        let typeEnd = keyEnd + typeCount
        guard let key = String(validating: bytes[Self.headerSize..<keyEnd], as: UTF8.self),
            let type = String(validating: bytes[keyEnd..<typeEnd], as: UTF8.self)
        else { throw .badText }
        self.key = key
        self.type = type
        storedAt = Date(timeIntervalSince1970: Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 24)))
        let expiry = Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 32))
        expiresAt = expiry.isFinite ? Date(timeIntervalSince1970: expiry) : nil
        payload = Data(bytes[typeEnd...])
    }

    init(key: String, type: String, storedAt: Date, expiresAt: Date?, payload: Data) {
        self.key = key
        self.type = type
        self.storedAt = storedAt
        self.expiresAt = expiresAt
        self.payload = payload
    }
}

extension [UInt8] {
    fileprivate mutating func append<Integer: FixedWidthInteger>(littleEndian value: Integer) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    fileprivate func loadLittleEndian<Integer: FixedWidthInteger>(_ type: Integer.Type, at offset: Int) -> Integer {
        var value = Integer.zero
        for index in (0..<MemoryLayout<Integer>.size).reversed() {
            value = value << 8 | Integer(self[offset + index])
        }
        return value
    }
}
