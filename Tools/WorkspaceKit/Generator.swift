import Foundation

/// Writes the files the manifests generate: Package.swift, README.md's module graph,
/// docs/ARCHITECTURE.md's module table, the module maps of system libraries, and the module graph source file the program prints, where the
/// workspace names one.
public enum Generator {
    /// One generated file and the text it should hold.
    struct Output {
        let path: String
        let text: String
    }

    /// Writes what is out of date below `root`; returns the paths it changed.
    @discardableResult
    public static func generate(_ workspace: Workspace, root: URL) throws -> [String] {
        let stale = stalePaths(workspace, root: root)
        for output in outputs(workspace, root: root) where stale.contains(output.path) {
            let url = root.appendingPathComponent(output.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.text.write(to: url, atomically: true, encoding: .utf8)
        }
        return stale
    }

    /// The generated files whose contents differ from what the manifests say.
    public static func stalePaths(_ workspace: Workspace, root: URL) -> [String] {
        outputs(workspace, root: root).filter { output in
            (try? String(contentsOf: root.appendingPathComponent(output.path), encoding: .utf8)) != output.text
        }.map(\.path)
    }

    static func outputs(_ workspace: Workspace, root: URL) -> [Output] {
        var outputs = [Output(path: "Package.swift", text: PackageGenerator.packageSwift(for: workspace))]
        if let readme = try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8),
            let updated = withGraph(readme, workspace)
        {
            outputs.append(Output(path: "README.md", text: updated))
        }
        if let page = try? String(contentsOf: root.appendingPathComponent(ModuleTable.path), encoding: .utf8),
            let withModules = ModuleTable.replacing(in: page, with: ModuleTable.block(workspace, root: root))
        {
            let updated = LayerTable.replacing(in: withModules, with: LayerTable.block(workspace)) ?? withModules
            outputs.append(Output(path: ModuleTable.path, text: updated))
        }
        for module in workspace.modules {
            for library in module.systemLibraries {
                let directory = library.directory(in: module)
                outputs.append(Output(path: "\(directory)/module.modulemap", text: library.moduleMap))
                outputs.append(Output(path: "\(directory)/shim.h", text: library.shimHeader))
            }
        }
        if let path = workspace.moduleGraphFile {
            outputs.append(Output(path: path, text: GraphRenderer.swiftSource(workspace)))
        }
        return outputs
    }

    /// `readme` with the text between the graph markers replaced, or nil if it has no markers.
    static func withGraph(_ readme: String, _ workspace: Workspace) -> String? {
        guard let start = readme.range(of: GraphRenderer.readmeStart),
            let end = readme.range(of: GraphRenderer.readmeEnd, range: start.upperBound..<readme.endIndex)
        else { return nil }
        return readme.replacingCharacters(in: start.lowerBound..<end.upperBound, with: GraphRenderer.readmeBlock(workspace))
    }
}
