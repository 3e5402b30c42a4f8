/// The bytes a `PayloadEncoder` writes, shared by the encoders of one value and everything inside it.
final class PayloadSink {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    func write(_ tag: PayloadFormat.Tag) {
        bytes.append(tag.rawValue)
    }

    func write(_ value: Bool) {
        bytes.append(value ? PayloadFormat.Tag.true.rawValue : PayloadFormat.Tag.false.rawValue)
    }

    func write(signed value: Int64) {
        write(.signed, varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func write(unsigned value: UInt64) {
        write(.unsigned, varint: value)
    }

    func write(_ value: Float) {
        write(.float, littleEndian: value.bitPattern)
    }

    func write(_ value: Double) {
        write(.double, littleEndian: value.bitPattern)
    }

    func write(_ value: String) {
        bytes.append(PayloadFormat.Tag.string.rawValue)
        write(key: value)
    }

    /// A string without its tag: a key.
    func write(key: String) {
        var text = key
        text.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// The header of a container of `tag`, its counts zero until `finishContainer(at:)`.
    func startContainer(_ tag: PayloadFormat.Tag) -> Int {
        let start = bytes.count
        let size = PayloadFormat.containerHeaderSize + (tag == .unkeyed ? PayloadFormat.countSize : 0)
        bytes.append(tag.rawValue)
        bytes.append(contentsOf: repeatElement(0, count: size - 1))
        return start
    }

    /// Writes the byte count of the container at `start`, which ends at the end of the bytes, and
    /// `count` elements if it is unkeyed; false when the container is too large for the format.
    func finishContainer(at start: Int, count: Int) -> Bool {
        let length = bytes.count - start - PayloadFormat.containerHeaderSize
        guard let length = UInt32(exactly: length), let count = UInt32(exactly: count) else { return false }
        bytes.withUnsafeMutableBytes { buffer in
            buffer.storeBytes(of: length.littleEndian, toByteOffset: start + 1, as: UInt32.self)
            if buffer[start] == PayloadFormat.Tag.unkeyed.rawValue {
                buffer.storeBytes(of: count.littleEndian, toByteOffset: start + PayloadFormat.containerHeaderSize, as: UInt32.self)
            }
        }
        return true
    }

    private func write(_ tag: PayloadFormat.Tag, varint value: UInt64) {
        bytes.append(tag.rawValue)
        appendVarint(value)
    }

    private func write<Integer: FixedWidthInteger>(_ tag: PayloadFormat.Tag, littleEndian value: Integer) {
        bytes.append(tag.rawValue)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
