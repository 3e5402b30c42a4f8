/// One exit code a program documents, declared once: its number and what it means.
///
/// Help lists each code with the first sentence of its meaning; the manual gives the whole meaning.
public struct ExitStatus: Sendable, Equatable {
    /// The number the program exits with.
    public let code: Int32
    /// What it means: a first sentence that stands alone, then any detail.
    public let meaning: String

    /// Exit code `code`, meaning `meaning`.
    public init(_ code: Int32, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}
