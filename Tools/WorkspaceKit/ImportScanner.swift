/// Finds the modules a Swift source file imports, with their lines, reading the file as the
/// compiler does (through `SwiftTokenizer`): every import declaration wherever it stands (after
/// a `;`, with the name on the next line, in any branch of `#if … #endif`), with any attributes
/// (`@testable`, `@_weakLinked`, `@_spi(X)`…), access modifier, kind (`import struct X.Y`) and
/// submodule path (`import X.Y`, which imports `X`), and every `#if canImport(X)`. Comments,
/// string and regex literals, member names (`options.import`), argument labels (`f(import: x)`)
/// and backticked names (`` `import` ``) are not imports.
public enum ImportScanner {
    /// One imported module and the 1-based line that imports it.
    public struct Import: Equatable, Sendable {
        /// The imported module.
        public let module: String
        /// The line of the module's name.
        public let line: Int
    }

    /// An import with where its module's name lies in the source's UTF-8, for rewriting it.
    struct Located {
        let module: String
        let line: Int
        /// The name's bytes, backticks excluded.
        let range: Range<Int>
    }

    private static let importKeyword = Array("import".utf8)
    private static let canImport = Array("canImport".utf8)
    private static let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor", "macro"].map {
        Array($0.utf8)
    }

    /// The imports of `source`, in order.
    public static func imports(in source: String) -> [Import] {
        located(in: source).map { Import(module: $0.module, line: $0.line) }
    }

    /// The imports of `source`, in order, with where each module's name is.
    static func located(in source: String) -> [Located] {
        var source = source
        return source.withUTF8 { bytes in
            let tokens = SwiftTokenizer.tokenize(bytes).tokens
            func spells(_ index: Int, _ word: [UInt8]) -> Bool {
                guard index < tokens.count, tokens[index].kind == .identifier, !tokens[index].escaped else { return false }
                let token = tokens[index]
                guard token.end - token.start == word.count else { return false }
                for offset in 0..<word.count where bytes[token.start + offset] != word[offset] { return false }
                return true
            }
            func isPunctuation(_ index: Int, _ character: Unicode.Scalar) -> Bool {
                index >= 0 && index < tokens.count && tokens[index].kind == .punctuation
                    && bytes[tokens[index].start] == UInt8(ascii: character)
            }
            func isName(_ index: Int) -> Bool {
                index < tokens.count && tokens[index].kind == .identifier
            }
            /// A name or, as in `import func Core.+`, an operator.
            func isPathPart(_ index: Int) -> Bool {
                isName(index) || (index < tokens.count && tokens[index].kind == .operator)
            }
            func located(_ index: Int) -> Located {
                let token = tokens[index]
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
                return Located(module: name, line: token.line, range: token.start..<token.end)
            }
            var found: [Located] = []
            var index = 0
            while index < tokens.count {
                defer { index += 1 }
                if spells(index, importKeyword) && !isPunctuation(index - 1, ".") {
                    // `import kind? Name(.Name)*`, unless it is a label: `f(import: x)`, `func f(import x: Int)`.
                    var name = index + 1
                    if kinds.contains(where: { spells(name, $0) }) && isName(name + 1) { name += 1 }
                    guard isName(name) else { continue }
                    var end = name
                    while isPunctuation(end + 1, ".") && isPathPart(end + 2) { end += 2 }
                    guard !isPunctuation(end + 1, ":") else { continue }
                    found.append(located(name))
                    index = end
                } else if spells(index, canImport) && isPunctuation(index + 1, "(") && isName(index + 2) {
                    found.append(located(index + 2))
                }
            }
            return found
        }
    }

    /// `source` with comments removed and string and regex literals emptied (`""`), keeping every
    /// newline, so that what is left is code on its original lines.
    static func codeOnly(_ source: String) -> String {
        var source = source
        return source.withUTF8 { bytes in
            let (tokens, comments) = SwiftTokenizer.tokenize(bytes)
            let literals = tokens.filter { $0.kind == .string || $0.kind == .regex }.map { ($0.start..<$0.end, true) }
            let blanks = (literals + comments.map { ($0, false) }).sorted { $0.0.lowerBound < $1.0.lowerBound }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var cursor = 0
            for (range, isLiteral) in blanks where range.lowerBound >= cursor {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<range.lowerBound]))
                if isLiteral { output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\"")]) }
                for byte in UnsafeBufferPointer(rebasing: bytes[range]) where byte == UInt8(ascii: "\n") { output.append(byte) }
                cursor = range.upperBound
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor...]))
            return String(decoding: output, as: UTF8.self)
        }
    }
}
