import Foundation

/// How many tests a test target holds: its `@Test` attributes, outside comments and strings (a
/// parameterized test counts once). The measure a change's share of the tests is given in.
public enum TestCount {
    /// The tests of each test target of `graph`, read from the workspace at `root`.
    public static func byTarget(_ graph: TargetGraph, root: URL) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for target in graph.targets where target.role == .tests {
            counts[target.name] = try target.paths.reduce(0) { $0 + (try tests(under: root.appendingPathComponent($1))) }
        }
        return counts
    }

    /// The share of all tests in `counts` that `targets` hold, in per cent.
    public static func share(of targets: [String], in counts: [String: Int]) -> Double {
        let all = counts.values.reduce(0, +)
        guard all > 0 else { return 0 }
        return Double(targets.reduce(0) { $0 + (counts[$1] ?? 0) }) / Double(all) * 100
    }

    /// The `@Test` attributes in the Swift files under `folder`.
    public static func tests(under folder: URL) throws -> Int {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        var count = 0
        for file in files where file.pathExtension == "swift" {
            let bytes = [UInt8](try Data(contentsOf: file))
            count += bytes.withUnsafeBufferPointer { buffer in
                SwiftTokenizer.tokenize(buffer).tokens.filter { token in
                    token.kind == .attribute && buffer[token.start..<token.end].elementsEqual("@Test".utf8)
                }.count
            }
        }
        return count
    }
}
