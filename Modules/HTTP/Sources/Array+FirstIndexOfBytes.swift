extension Array where Element == UInt8 {
    /// The index where `pattern` first starts at or after `start`, or nil: how both ends of the
    /// HTTP code find the blank line that ends a head, and the CRLF that ends a line.
    package func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, count >= pattern.count else { return nil }
        var index = Swift.max(start, 0)
        while index <= count - pattern.count {
            if self[index] == first && self[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
