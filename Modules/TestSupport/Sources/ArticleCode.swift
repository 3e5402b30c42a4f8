import Foundation

/// The Swift code blocks of a Markdown article, such as a documentation catalog's getting-started
/// article. A test that holds the same code, line for line, proves the article's code compiles
/// and runs; `blocksMissing(from:)` says which blocks the test's file no longer holds.
public struct ArticleCode: Sendable {
    /// Each ` ```swift ` block's lines, in the article's order.
    public let blocks: [[String]]

    /// The Swift blocks of `markdown`.
    public init(markdown: String) {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let fence = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if fence == "```swift" { current = [] }
            } else if fence == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        self.blocks = blocks
    }

    /// The Swift blocks of the article at `url`.
    public init(contentsOf url: URL) throws {
        self.init(markdown: try String(contentsOf: url, encoding: .utf8))
    }

    /// The first line of each block that `source` does not hold line for line, each line indented
    /// alike (blank lines match blank lines).
    public func blocksMissing(from source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return blocks.filter { block in !lines.indices.contains { Self.holds(block, in: lines, at: $0) } }.map { $0.first ?? "" }
    }

    /// Whether `lines` from `start` are `block`, each line indented by what the first is.
    private static func holds(_ block: [String], in lines: [String], at start: Int) -> Bool {
        guard let first = block.first, start + block.count <= lines.count, lines[start].hasSuffix(first) else { return false }
        let indent = lines[start].dropLast(first.count)
        guard indent.allSatisfy({ $0 == " " }) else { return false }
        return block.indices.allSatisfy { index in
            let line = lines[start + index]
            return block[index].isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + block[index]
        }
    }
}
