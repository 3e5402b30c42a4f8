import Foundation

/// The text edits of a rename: a module's name as a whole identifier (with its `Testing` and
/// `Tests` targets), in manifests, in `import` lines, as a qualifier in code, and in Markdown
/// code spans.
enum SourceRewriter {
    /// `text` with every whole identifier `old`, `oldTesting` and `oldTests` renamed: for manifests.
    static func replacingNames(_ old: String, with new: String, in text: String) -> String {
        replacing(#"(?<![A-Za-z0-9_])"# + old + #"(Testing|Tests)?(?![A-Za-z0-9_])"#, with: new + "$1", in: text)
    }

    /// `text` with `old` and `oldTesting` renamed where they are imported: every import
    /// declaration and `#if canImport(…)` that `ImportScanner` finds, and nothing in comments or
    /// strings.
    static func replacingImports(_ old: String, with new: String, in text: String) -> String {
        let renames = [old: new, old + "Testing": new + "Testing"]
        let found = ImportScanner.located(in: text).filter { renames[$0.module] != nil }
        guard !found.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for located in found.reversed() {
            bytes.replaceSubrange(located.range, with: Array((renames[located.module] ?? located.module).utf8))
        }
        return sortingImportRuns(in: String(decoding: bytes, as: UTF8.self))
    }

    /// `text` with each run of consecutive plain `import Name` lines sorted, as swift-format's
    /// OrderedImports keeps them, so that a renamed import stays in order.
    static func sortingImportRuns(in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isPlainImport(_ line: String) -> Bool {
            line.hasPrefix("import ") && !line.dropFirst(7).isEmpty
                && !line.dropFirst(7).contains { !($0.isLetter || $0.isNumber || $0 == "_") }
        }
        var start = 0
        while start < lines.count {
            guard isPlainImport(lines[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < lines.count && isPlainImport(lines[end]) { end += 1 }
            lines.replaceSubrange(start..<end, with: lines[start..<end].sorted())
            start = end
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with module-qualified names (`Old.Type`, `OldTesting.Type`) renamed as `renames`
    /// says; unless `inStrings`, in code only: a line whose comments and strings hold the only
    /// match is left alone.
    static func replacingQualifiers(_ renames: [String: String], inStrings: Bool, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (old, new) in renames {
            let pattern = #"(?<![A-Za-z0-9_.])"# + old + #"\.(?=[A-Za-z_])"#
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for index in lines.indices where lines[index].contains(old + ".") {
                let code = inStrings ? lines[index] : ImportScanner.codeOnly(lines[index])
                guard expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil else { continue }
                lines[index] = expression.stringByReplacingMatches(
                    in: lines[index], range: NSRange(lines[index].startIndex..., in: lines[index]), withTemplate: new + ".")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `text` declares a type (or typealias) named `name`, which then shadows the module's name.
    static func declaresType(_ name: String, in text: String) -> Bool {
        let pattern = #"\b(struct|enum|class|actor|protocol|typealias)[ \t]+"# + name + #"\b"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `text` with the names renamed inside inline code spans (`` `…` ``) only, and not in fenced
    /// code blocks (```` ``` ```` or `~~~`), whose examples show output or code as it was written.
    static func replacingInCodeSpans(_ old: String, with new: String, in text: String) -> String {
        guard let spans = try? NSRegularExpression(pattern: "`[^`\n]+`") else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fence: (character: Character, count: Int)?
        for index in lines.indices {
            let line = lines[index]
            let trimmed = line.drop(while: { $0 == " " })
            if line.count - trimmed.count <= 3, let first = trimmed.first, first == "`" || first == "~" {
                let count = trimmed.prefix(while: { $0 == first }).count
                let rest = trimmed.dropFirst(count)
                if count >= 3, let open = fence {
                    if first == open.character && count >= open.count && rest.allSatisfy(\.isWhitespace) { fence = nil }
                    continue
                }
                // A backtick fence's info string holds no backtick, or the line is a code span.
                if count >= 3 && !(first == "`" && rest.contains("`")) {
                    fence = (first, count)
                    continue
                }
            }
            guard fence == nil else { continue }
            for match in spans.matches(in: line, range: NSRange(line.startIndex..., in: line)).reversed() {
                guard let range = Range(match.range, in: lines[index]) else { continue }
                lines[index].replaceSubrange(range, with: replacingNames(old, with: new, in: String(lines[index][range])))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with `import name` added among its plain imports, in sorted order, or at the top
    /// when it has none.
    static func addingImport(_ name: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let plain = lines.indices.filter { lines[$0].hasPrefix("import ") && !lines[$0].dropFirst(7).contains(" ") }
        let position = plain.first { String(lines[$0].dropFirst(7)) > name } ?? plain.last.map { $0 + 1 } ?? 0
        lines.insert("import \(name)", at: position)
        return lines.joined(separator: "\n")
    }

    /// `text` without its plain `import name` lines.
    static func removingImport(_ name: String, in text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "import \(name)" }.joined(separator: "\n")
    }

    private static func replacing(_ pattern: String, with template: String, in text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return text }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
