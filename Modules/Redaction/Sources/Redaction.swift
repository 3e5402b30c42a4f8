/// The one rule for showing text that may hold a secret: every URL that reaches a message, a
/// report or a log goes through `url(_:)`.
public enum Redaction {
    /// What stands where user information was dropped.
    public static let mark = "***"

    /// `text`, a URL or what was meant as one, without its user information: whatever lies
    /// between the scheme's `//` (or the start, when there is none) and the last `@` is replaced by
    /// `***`, so neither a user name nor a password is shown, however badly the URL is formed (a
    /// password holding `/`, `?`, `#` or `@` is dropped whole). Text without `@` is returned as it is.
    public static func url(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let afterScheme = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        let start = afterScheme <= at ? afterScheme : text.startIndex
        var result = text
        result.replaceSubrange(start..<at, with: mark)
        return result
    }
}
