/// The bytes a `PayloadEncoder` writes, shared by the encoders of one value and everything inside
/// it: a buffer of its own that grows by doubling, so a write is a bounds check and a copy.
///
/// Unchecked exclusivity: a sink lives within one `encode` call on one thread, and no access to
/// its state is held across a call that could reach it again.
final class PayloadSink {
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    func write(_ tag: PayloadFormat.Tag) {
        append(tag.rawValue)
    }

    func write(_ value: Bool) {
        append(value ? PayloadFormat.Tag.true.rawValue : PayloadFormat.Tag.false.rawValue)
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
        append(PayloadFormat.Tag.string.rawValue)
        write(key: value)
    }

    /// A string without its tag: a key.
    func write(key: String) {
        let written: Void? = key.utf8.withContiguousStorageIfAvailable { utf8 in
            appendVarint(UInt64(utf8.count))
            append(UnsafeRawBufferPointer(utf8))
        }
        if written == nil {
            var text = key
            text.withUTF8 { utf8 in
                appendVarint(UInt64(utf8.count))
                append(UnsafeRawBufferPointer(utf8))
            }
        }
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
    }

    /// The header of a container of `tag`, its counts zero until `finishContainer(at:count:)`.
    func startContainer(_ tag: PayloadFormat.Tag) -> Int {
        let start = count
        let size = PayloadFormat.containerHeaderSize + (tag == .unkeyed ? PayloadFormat.countSize : 0)
        reserve(size)
        base.storeBytes(of: tag.rawValue, toByteOffset: count, as: UInt8.self)
        (base + count + 1).initializeMemory(as: UInt8.self, repeating: 0, count: size - 1)
        count += size
        return start
    }

    /// Writes the byte count of the container at `start`, which ends at the end of the bytes, and
    /// `elements` if it is unkeyed; false when the container is too large for the format.
    func finishContainer(at start: Int, elements: Int) -> Bool {
        let length = count - start - PayloadFormat.containerHeaderSize
        guard let length = UInt32(exactly: length), let elements = UInt32(exactly: elements) else { return false }
        base.storeBytes(of: length.littleEndian, toByteOffset: start + 1, as: UInt32.self)
        if base.load(fromByteOffset: start, as: UInt8.self) == PayloadFormat.Tag.unkeyed.rawValue {
            base.storeBytes(of: elements.littleEndian, toByteOffset: start + PayloadFormat.containerHeaderSize, as: UInt32.self)
        }
        return true
    }

    /// Replaces the bytes from `start` on with `pieces`, one after another.
    func replaceTail(from start: Int, with pieces: [UnsafeRawBufferPointer]) {
        let tail = [UInt8](pieces.joined())
        count = start
        tail.withUnsafeBytes { append($0) }
    }

    private func write(_ tag: PayloadFormat.Tag, varint value: UInt64) {
        append(tag.rawValue)
        appendVarint(value)
    }

    private func write<Integer: FixedWidthInteger>(_ tag: PayloadFormat.Tag, littleEndian value: Integer) {
        reserve(1 + MemoryLayout<Integer>.size)
        base.storeBytes(of: tag.rawValue, toByteOffset: count, as: UInt8.self)
        base.storeBytes(of: value.littleEndian, toByteOffset: count + 1, as: Integer.self)
        count += 1 + MemoryLayout<Integer>.size
    }

    private func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    private func appendVarint(_ value: UInt64) {
        reserve(10)
        var value = value
        while value >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: count, as: UInt8.self)
            count += 1
            value >>= 7
        }
        base.storeBytes(of: UInt8(value), toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Makes room for `extra` more bytes.
    @inline(__always) private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    private func grow(toHold extra: Int) {
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
