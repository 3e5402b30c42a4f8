import Arguments

extension ParsedArguments {
    /// The one positional, a positive whole number such as a character id; `problem` starts the
    /// error otherwise (`"show needs a positive whole-number character id"`).
    public func positiveID(_ problem: String) throws(UsageError) -> Int {
        let text = positionals.first ?? ""
        guard let id = Int(text), id > 0 else { throw UsageError(message: "\(problem), got '\(ArgumentError.shown(text))'.") }
        return id
    }

    /// The text given to `option`, refused when the system passed it as bytes that are not UTF-8
    /// (which Swift's arguments hold with U+FFFD in their place, and which would be kept so).
    public func utf8Text(_ option: TypedOption<String?>) throws(UsageError) -> String? {
        guard let text = self[option] else { return nil }
        let name = option.option.name
        if RawArguments.wasRepaired(text, of: name) {
            throw UsageError(message: "\(name) must be UTF-8 text; the bytes given are not.")
        }
        return text
    }
}
