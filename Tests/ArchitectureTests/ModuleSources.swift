import Foundation
import WorkspaceKit

/// The package's own manifests and module sources, read as tokens, for the tests that hold rules
/// about what a layer's code may say.
enum ModuleSources {
    /// The package this test target belongs to.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One identifier or string literal of a module's sources, where it is.
    struct Word {
        /// `Modules/<Name>/Sources/<file>:<line>`.
        let place: String
        /// The word, as written.
        let text: String
        /// The next token's text, such as `(` after a call.
        let next: String
        /// The token before it.
        let previous: String
    }

    /// The identifiers and string literals of `module`'s Swift sources, in file then source order.
    static func words(of module: Module) throws -> [Word] {
        let folder = packageRoot.appendingPathComponent(module.sourcesDirectory)
        let paths = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        var words: [Word] = []
        for path in paths {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(path)))
            let tokens = bytes.withUnsafeBufferPointer { SwiftTokenizer.tokenize($0).tokens }
            let texts = tokens.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
            for (index, token) in tokens.enumerated() where token.kind == .identifier || token.kind == .string {
                words.append(
                    Word(
                        place: "\(module.sourcesDirectory)/\(path):\(token.line)", text: texts[index],
                        next: index + 1 < texts.count ? texts[index + 1] : "", previous: index > 0 ? texts[index - 1] : ""))
            }
        }
        return words
    }
}
