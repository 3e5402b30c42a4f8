import Foundation

/// One cache entry as bytes (a DiskCache file, a RedisCache value): a fixed header, the key, the value's type name and the encoded
/// value, guarded by a checksum so a torn, truncated or damaged file is recognised, not trusted.
///
/// Layout (little-endian): magic `XLC2`, key length (UInt32), type length (UInt32), reserved
/// (UInt32, zero), payload length (UInt64), stored-at and expires-at (Float64 seconds since 1970
/// within `validSeconds`, expires-at +infinity for never), `Checksum` of every other byte
/// (UInt64); then key, type, payload (the value as `PayloadEncoder` writes it). Records of format `XLC1` (JSON payload, FNV-1a checksum)
/// read as `badMagic`: a miss, never a wrong value.
public struct EntryRecord: Equatable, Sendable {
    /// The text of the key the entry was stored under.
    public var key: String
    /// The fully qualified name of the stored value's type.
    public var type: String
    /// When the entry was stored.
    public var storedAt: Date
    /// When the entry stops being valid, or nil for never.
    public var expiresAt: Date?
    /// The encoded value.
    public var payload: Data

    /// Why bytes are not a valid record.
    public enum Damage: Error, Equatable, Sendable {
        /// Fewer bytes than a header.
        case tooShort
        /// The bytes do not start with the record's magic.
        case badMagic
        /// The lengths in the header do not add up to the bytes' count.
        case wrongLength
        /// The checksum does not match the bytes.
        case badChecksum
        /// The key or the type name is not valid UTF-8.
        case badText
        /// The stored-at time, or the expiry time unless it is +infinity (never), is not a number
        /// in `EntryRecord.validSeconds`.
        case badDate
    }

    /// The times a record may hold, in seconds since 1970: years -9999 to 9999 at UTC.
    public static let validSeconds: Range<Double> = -377_705_116_800..<253_402_300_800

    private static let magic: [UInt8] = Array("XLC2".utf8)
    private static let headerSize = 48
    private static let checksumOffset = 40

    /// Whether the entry has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    /// The record as the bytes of a file.
    public func encoded() -> Data {
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
        var checksum = Checksum()
        checksum.update(header)
        checksum.update(keyBytes)
        checksum.update(typeBytes)
        checksum.update(payload)
        header.append(littleEndian: checksum.value)

        var data = Data(capacity: Self.headerSize + keyBytes.count + typeBytes.count + payload.count)
        data.append(contentsOf: header)
        data.append(contentsOf: keyBytes)
        data.append(contentsOf: typeBytes)
        data.append(payload)
        return data
    }

    /// The record in `data`, or `Damage` when the bytes are not exactly one intact record. The
    /// payload shares `data`'s storage.
    public init(decoding data: Data) throws(Damage) {
        let header = try data.withUnsafeBytes { Self.parse($0) }.get()
        key = header.key
        type = header.type
        storedAt = header.storedAt
        expiresAt = header.expiresAt
        payload = data[(data.startIndex + header.payloadOffset)...]
    }

    /// Everything but the payload, and where the payload starts.
    private struct Header {
        var key: String
        var type: String
        var storedAt: Date
        var expiresAt: Date?
        var payloadOffset: Int
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<Header, Damage> {
        guard bytes.count >= headerSize else { return .failure(.tooShort) }
        guard bytes.prefix(4).elementsEqual(magic) else { return .failure(.badMagic) }
        let keyCount = Int(bytes.loadLittleEndian(UInt32.self, at: 4))
        let typeCount = Int(bytes.loadLittleEndian(UInt32.self, at: 8))
        let payloadCount = bytes.loadLittleEndian(UInt64.self, at: 16)
        guard payloadCount <= UInt64(bytes.count), headerSize + keyCount + typeCount + Int(payloadCount) == bytes.count else {
            return .failure(.wrongLength)
        }
        var checksum = Checksum()
        checksum.update(UnsafeRawBufferPointer(rebasing: bytes[0..<checksumOffset]))
        checksum.update(UnsafeRawBufferPointer(rebasing: bytes[headerSize...]))
        guard checksum.value == bytes.loadLittleEndian(UInt64.self, at: checksumOffset) else { return .failure(.badChecksum) }

        let keyEnd = headerSize + keyCount
        let typeEnd = keyEnd + typeCount
        guard let key = String(validating: bytes[headerSize..<keyEnd], as: UTF8.self),
            let type = String(validating: bytes[keyEnd..<typeEnd], as: UTF8.self)
        else { return .failure(.badText) }
        let stored = Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 24))
        let expiry = Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 32))
        guard validSeconds.contains(stored), expiry == .infinity || validSeconds.contains(expiry) else { return .failure(.badDate) }
        return .success(
            Header(
                key: key, type: type, storedAt: Date(timeIntervalSince1970: stored),
                expiresAt: expiry == .infinity ? nil : Date(timeIntervalSince1970: expiry), payloadOffset: typeEnd))
    }

    /// A record of `payload`, a value of type `type` stored under `key` at `storedAt`, valid until `expiresAt` (nil: for ever).
    public init(key: String, type: String, storedAt: Date, expiresAt: Date?, payload: Data) {
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
}

extension UnsafeRawBufferPointer {
    fileprivate func loadLittleEndian<Integer: FixedWidthInteger>(_ type: Integer.Type, at offset: Int) -> Integer {
        Integer(littleEndian: loadUnaligned(fromByteOffset: offset, as: Integer.self))
    }
}
