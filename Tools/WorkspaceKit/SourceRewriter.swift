import Foundation

/// The text edits of a rename: a module's name as a whole identifier (with its `Testing` and
/// `Tests` targets), in manifests, in `import` lines and in Markdown code spans.
enum SourceRewriter {
    /// `text` with every whole identifier `old`, `oldTesting` and `oldTests` renamed: for manifests.
    static func replacingNames(_ old: String, with new: String, in text: String) -> String {
        replacing(#"(?<![A-Za-z0-9_])"# + old + #"(Testing|Tests)?(?![A-Za-z0-9_])"#, with: new + "$1", in: text)
    }

    /// `text` with `old` and `oldTesting` renamed where they are imported: every form of `import`
    /// and `#if canImport(…)`.
    static func replacingImports(_ old: String, with new: String, in text: String) -> String {
        let importLine =
            #"^([ \t]*(?:@[A-Za-z_]+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+"#
            + #"(?:(?:struct|class|enum|protocol|typealias|func|let|var)[ \t]+)?)"# + old + #"(Testing)?(?![A-Za-z0-9_])"#
        let imports = replacing(importLine, with: "$1" + new + "$2", in: text)
        return replacing(#"canImport\([ \t]*"# + old + #"(Testing)?[ \t]*\)"#, with: "canImport(" + new + "$1)", in: imports)
    }

    /// `text` with the names renamed inside inline code spans (`` `…` ``) only.
    static func replacingInCodeSpans(_ old: String, with new: String, in text: String) -> String {
        guard let spans = try? NSRegularExpression(pattern: "`[^`\n]+`") else { return text }
        var result = text
        for match in spans.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            result.replaceSubrange(range, with: replacingNames(old, with: new, in: String(result[range])))
        }
        return result
    }

    private static func replacing(_ pattern: String, with template: String, in text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return text }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
