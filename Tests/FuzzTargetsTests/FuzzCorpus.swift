import Foundation

/// The committed inputs of every fuzz target: `Tests/FuzzCorpus/<target>/`, seeds (`seed-…`,
/// made by `FuzzSeeds`) and inputs that once broke a check (`regression-…`).
enum FuzzCorpus {
    /// `Tests/FuzzCorpus` in this checkout.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    /// The folder of `target`'s inputs.
    static func folder(of target: String) -> URL {
        root.appendingPathComponent(target)
    }

    /// The files of `target`'s corpus, by name.
    static func files(of target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder(of: target).path).filter { !$0.hasPrefix(".") }.sorted()
            .map { folder(of: target).appendingPathComponent($0) }
    }
}
