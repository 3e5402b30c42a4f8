extension String {
    /// The text without the Unicode scalars in `unwanted`.
    func removingScalars(in unwanted: String) -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !unwanted.unicodeScalars.contains($0) }))
    }
}
