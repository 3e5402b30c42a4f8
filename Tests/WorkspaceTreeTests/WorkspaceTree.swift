import Foundation

/// This checkout, whose files these tests read: what they read is listed as `reads:` in
/// `Manifests/Workspace.swift`, so that a change to any of it selects them.
enum WorkspaceTree {
    /// The repository's root, two folders above this file's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
