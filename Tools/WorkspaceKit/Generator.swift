import Foundation

/// Writes the files the manifests generate: Package.swift and README.md's module graph.
public enum Generator {
    /// Writes what is out of date below `root`; returns the paths it changed.
    @discardableResult
    public static func generate(_ workspace: Workspace, root: URL) throws -> [String] {
        var changed: [String] = []
        let package = root.appendingPathComponent("Package.swift")
        let text = PackageGenerator.packageSwift(for: workspace)
        if (try? String(contentsOf: package, encoding: .utf8)) != text {
            try text.write(to: package, atomically: true, encoding: .utf8)
            changed.append("Package.swift")
        }
        let readme = root.appendingPathComponent("README.md")
        if let current = try? String(contentsOf: readme, encoding: .utf8), let updated = withGraph(current, workspace), updated != current {
            try updated.write(to: readme, atomically: true, encoding: .utf8)
            changed.append("README.md")
        }
        return changed
    }

    /// `readme` with the text between the graph markers replaced, or nil if it has no markers.
    static func withGraph(_ readme: String, _ workspace: Workspace) -> String? {
        guard let start = readme.range(of: GraphRenderer.readmeStart),
            let end = readme.range(of: GraphRenderer.readmeEnd, range: start.upperBound..<readme.endIndex)
        else { return nil }
        return readme.replacingCharacters(in: start.lowerBound..<end.upperBound, with: GraphRenderer.readmeBlock(workspace))
    }
}
