/// Finds the first CR or LF in a request head that is not part of a CRLF pair, looking at each
/// byte once however the head arrives (RFC 9112 §2.2: lines end in CRLF; the server refuses a
/// bare LF rather than taking it as a line end, and a bare CR is never allowed).
struct BareLineEndScanner {
    private var position = 0

    /// The reason to refuse the head if `bytes[..<limit]` holds a bare CR or LF, scanning on
    /// from where the last call stopped; nil when there is none so far. A CR is judged once the
    /// byte after it has arrived (it may be beyond `limit`).
    mutating func fault(in bytes: [UInt8], before limit: Int) -> String? {
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\n") where position == 0 || bytes[position - 1] != UInt8(ascii: "\r"):
                return "A line of the request head ends in a bare LF; lines end in CRLF."
            case UInt8(ascii: "\r"):
                guard position + 1 < bytes.count else { return nil }
                if bytes[position + 1] != UInt8(ascii: "\n") {
                    return "The request head holds a CR that does not end a line; lines end in CRLF."
                }
            default:
                break
            }
            position += 1
        }
        return nil
    }
}
