import Foundation
import WorkspaceKit

/// One edit the change-cost cases make to a module's sources and take back: a statement put first
/// in the body of an internal function (a change no other file can see), or a public function
/// added at the end of the same file (a change to the module's API). The site is found, not named,
/// so that the same cases run on a tree whose files have moved: the first internal function, in
/// path order, whose body starts with `let`, `var`, `guard` or `return` (so no implicit return is
/// broken) and that is not `@inlinable`, in a public extension or inside `#if`.
struct SourceEdit {
    /// What is changed.
    enum Kind {
        /// `_ = 0;` first in an internal function's body.
        case body
        /// `public func changeCostProbe() -> Int { 0 }` at the end of that function's file.
        case publicFunction
    }

    /// No internal function of the module qualifies.
    struct NoSite: Error, CustomStringConvertible {
        let description: String
    }

    let file: URL
    /// The file relative to its module's sources and, for a body change, the function, as the table shows them.
    let site: String
    let original: Data
    let edited: Data

    /// The edit of `kind` to the Swift files under `sources` (a module's sources folder).
    init(_ kind: Kind, sources: URL) throws {
        let files = (FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        for file in files {
            let data = try Data(contentsOf: file)
            guard let body = Self.internalBody(in: data) else { continue }
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            self.file = file
            self.original = data
            switch kind {
            case .body:
                site = "\(relative), `\(body.function)`"
                edited = data[..<body.offset] + Data(" _ = 0;".utf8) + data[body.offset...]
            case .publicFunction:
                site = relative
                let newline = data.last == UInt8(ascii: "\n") ? "" : "\n"
                edited =
                    data + Data("\(newline)\n/// Added by the change-cost benchmark.\npublic func changeCostProbe() -> Int { 0 }\n".utf8)
            }
            return
        }
        throw NoSite(description: "no internal function with a plain body in \(sources.path)")
    }

    /// Writes the edited file.
    func apply() throws {
        try edited.write(to: file)
    }

    /// Writes the file as it was.
    func revert() throws {
        try original.write(to: file)
    }

    private static let accessModifiers: Set<String> = ["public", "open", "package", "private", "fileprivate", "internal"]
    private static let modifiers: Set<String> = accessModifiers.union([
        "static", "class", "final", "override", "mutating", "nonmutating", "nonisolated", "dynamic", "convenience", "required",
        "optional", "consuming", "borrowing", "distributed", "isolated", "indirect",
    ])
    /// Attributes that put a function's body into its module's interface.
    private static let inliningAttributes: Set<String> = ["@inlinable", "@usableFromInline", "@_transparent", "@_alwaysEmitIntoClient"]
    /// Words that start another declaration: met before a `{`, the function had no body.
    private static let declarationWords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "case", "struct", "class", "enum", "protocol", "extension", "typealias",
        "actor", "import",
    ]
    /// Where a body may start so that a statement put before it changes nothing else.
    private static let plainBodyStarts: Set<String> = ["let", "var", "guard", "return"]

    /// The first internal function in `data` whose body takes a statement first: its name and the
    /// offset just after its body's `{`.
    private static func internalBody(in data: Data) -> (function: String, offset: Int)? {
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer -> (String, Int)? in
            let tokens = SwiftTokenizer.tokenize(buffer).tokens
            func text(_ index: Int) -> String {
                String(decoding: buffer[tokens[index].start..<tokens[index].end], as: UTF8.self)
            }
            func word(_ index: Int) -> String? {
                index >= 0 && index < tokens.count && tokens[index].kind == .identifier && !tokens[index].escaped ? text(index) : nil
            }
            func punctuation(_ index: Int) -> UInt8? {
                index >= 0 && index < tokens.count && tokens[index].kind == .punctuation ? buffer[tokens[index].start] : nil
            }
            /// The modifiers and attributes written before the declaration word at `index`.
            func prefix(of index: Int) -> [String] {
                var found: [String] = []
                var cursor = index - 1
                while cursor >= 0 {
                    if let name = word(cursor), modifiers.contains(name) {
                        found.append(name)
                        cursor -= 1
                    } else if tokens[cursor].kind == .attribute {
                        found.append(text(cursor))
                        cursor -= 1
                    } else if punctuation(cursor) == UInt8(ascii: ")") {
                        // `@available(…)`, `nonisolated(unsafe)`, `private(set)`: skip to the opening parenthesis.
                        var depth = 0
                        var open = cursor
                        while open >= 0 {
                            if punctuation(open) == UInt8(ascii: ")") { depth += 1 }
                            if punctuation(open) == UInt8(ascii: "(") {
                                depth -= 1
                                if depth == 0 { break }
                            }
                            open -= 1
                        }
                        guard open > 0, tokens[open - 1].kind == .attribute || word(open - 1).map(modifiers.contains) == true else { break }
                        cursor = open - 1
                    } else {
                        break
                    }
                }
                return found
            }
            /// The index of the `{` that opens the body of the function at `index`, if it has one.
            func bodyBrace(after index: Int) -> Int? {
                var depth = 0
                var cursor = index + 2
                while cursor < tokens.count {
                    switch punctuation(cursor) {
                    case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                    case UInt8(ascii: "{") where depth == 0: return cursor
                    case UInt8(ascii: "}") where depth == 0, UInt8(ascii: ";") where depth == 0: return nil
                    default:
                        if depth == 0, let name = word(cursor), declarationWords.contains(name) { return nil }
                    }
                    cursor += 1
                }
                return nil
            }
            // For each open brace: whether it opened a public, package or open extension, whose
            // members are public by default.
            var braces: [Bool] = []
            var publicExtensionAhead = false
            var conditionals = 0
            for index in tokens.indices {
                if tokens[index].kind == .poundKeyword {
                    switch text(index) {
                    case "#if": conditionals += 1
                    case "#endif": conditionals -= 1
                    default: break
                    }
                    continue
                }
                switch punctuation(index) {
                case UInt8(ascii: "{"):
                    braces.append(publicExtensionAhead)
                    publicExtensionAhead = false
                    continue
                case UInt8(ascii: "}"):
                    _ = braces.popLast()
                    continue
                default: break
                }
                guard let name = word(index) else { continue }
                if name == "extension" {
                    publicExtensionAhead = !Set(prefix(of: index)).isDisjoint(with: ["public", "package", "open"])
                    continue
                }
                guard name == "func", conditionals == 0, braces.last != true, index + 1 < tokens.count else { continue }
                let written = Set(prefix(of: index))
                guard written.isDisjoint(with: accessModifiers.subtracting(["internal"])), written.isDisjoint(with: inliningAttributes),
                    let brace = bodyBrace(after: index), brace + 1 < tokens.count
                else { continue }
                guard punctuation(brace + 1) == UInt8(ascii: "}") || word(brace + 1).map(plainBodyStarts.contains) == true else {
                    continue
                }
                return (text(index + 1), tokens[brace].end)
            }
            return nil
        }
    }
}
