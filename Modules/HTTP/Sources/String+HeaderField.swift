extension String {
    /// The text without the Unicode scalars in `unwanted`. Header names and values are cleaned
    /// this way, not by filtering Characters: "\r\n" is one Character, equal to neither "\r" nor
    /// "\n", so a Character filter would let a CRLF, and a header of the caller's, through.
    func removingScalars(in unwanted: String) -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !unwanted.unicodeScalars.contains($0) }))
    }
}
