import Foundation

/// The real Marvel API responses in the workspace's `shared/fixtures/marvel/`, beside the clone.
public enum SharedFixtures {
    /// Where they are.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Testing
        .deletingLastPathComponent()  // Emulator
        .deletingLastPathComponent()  // Modules
        .deletingLastPathComponent()  // the package
        .deletingLastPathComponent()  // the folder that holds it and shared/
        .appendingPathComponent("shared/fixtures/marvel", isDirectory: true)

    /// Whether they are there (a clone on its own has none).
    public static var available: Bool {
        FileManager.default.fileExists(atPath: directory.path)
    }
}
