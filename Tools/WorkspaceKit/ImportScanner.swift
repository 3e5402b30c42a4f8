/// Finds the modules a Swift source file imports, with their lines, ignoring comments and
/// string literals: `import X`, `@testable import X`, `@_exported import X`,
/// `public import X`, `import struct X.Y`, and `#if canImport(X)`.
public enum ImportScanner {
    /// One imported module and the 1-based line that imports it.
    public struct Import: Equatable, Sendable {
        /// The imported module.
        public let module: String
        /// Where.
        public let line: Int
    }

    private static let attributes: Set<Substring> = ["@testable", "@_exported", "@preconcurrency", "@_implementationOnly", "@_spi"]
    private static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    private static let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]

    /// The imports of `source`, in order.
    public static func imports(in source: String) -> [Import] {
        var found: [Import] = []
        for (index, line) in codeOnly(source).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let module = importedModule(line) {
                found.append(Import(module: module, line: index + 1))
            }
            var rest = line[...]
            while let range = rest.range(of: "canImport(") {
                let name = rest[range.upperBound...].prefix { $0 != ")" }.trimmingCharacters(in: " \t")
                if !name.isEmpty { found.append(Import(module: String(name.split(separator: ",").first ?? ""), line: index + 1)) }
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    private static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let word = words.first, attributes.contains(word) || word.hasPrefix("@_spi(") || modifiers.contains(word) {
            words.removeFirst()
        }
        guard words.first == "import" else { return nil }
        words.removeFirst()
        if let word = words.first, kinds.contains(word) { words.removeFirst() }
        guard let path = words.first, let module = path.split(separator: ".").first, !module.isEmpty else { return nil }
        return String(module)
    }

    /// `source` with comments and string literals blanked out, keeping every newline.
    static func codeOnly(_ source: String) -> String {
        let characters = Array(source)
        var output = ""
        output.reserveCapacity(characters.count)
        var index = 0
        func at(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "/" && at(1) == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && at(1) == "*" {
                var depth = 0
                repeat {
                    if characters[index] == "/" && at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if characters[index] == "*" && at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if characters[index] == "\n" { output.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < characters.count
            } else if character == "#" || character == "\"" {
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                guard at(hashes) == "\"" else {
                    output.append(character)
                    index += 1
                    continue
                }
                index += hashes
                let multiline = at(0) == "\"" && at(1) == "\"" && at(2) == "\""
                index += multiline ? 3 : 1
                let closing = [Character](repeating: "\"", count: multiline ? 3 : 1) + [Character](repeating: "#", count: hashes)
                while index < characters.count {
                    if characters[index] == "\\" && hashes == 0 {
                        index += 2
                        continue
                    }
                    if characters[index] == "\n" {
                        output.append("\n")
                        if !multiline { break }
                    }
                    if Array(characters[index..<min(characters.count, index + closing.count)]) == closing {
                        index += closing.count
                        break
                    }
                    index += 1
                }
                output.append("\"\"")
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return result
    }
}
