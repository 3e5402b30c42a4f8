import DataProviders
import Foundation

/// The real Marvel API responses in the workspace's `shared/fixtures/marvel/`, beside the clone.
enum SharedFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DataProvidersTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package
        .deletingLastPathComponent()  // the folder that holds it and shared/
        .appendingPathComponent("shared/fixtures/marvel", isDirectory: true)

    static var available: Bool {
        FileManager.default.fileExists(atPath: directory.path)
    }
}

/// A fresh temporary directory with the given files, removed by `remove()`.
struct FixtureDirectory {
    let url: URL

    init(files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The bundled fixture set, loaded once for every test that reads it.
enum BundledFixtures {
    private static let loaded = Result { try FixtureSet(directory: FixtureSet.bundledDirectory()) }

    static func set() throws -> FixtureSet {
        try loaded.get()
    }
}
