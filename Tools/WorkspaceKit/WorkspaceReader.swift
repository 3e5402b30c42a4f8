/// Turns a parsed `Workspace(…)` manifest into a `Workspace` with its modules.
struct WorkspaceReader {
    let file: String

    func workspace(from value: ManifestValue, modules: [Module]) throws(ManifestError) -> Workspace {
        let reader = try ArgumentReader(file: file, call: value, named: "Workspace")
        try reader.rejectUnknown(
            ["name", "macOS", "layers", "injection", "mayImportInjection", "testSupport", "moduleGraphFile", "tools"], in: "Workspace")
        var layers: [Workspace.Layer] = []
        for layer in try reader.values("layers") {
            let layerReader = try ArgumentReader(file: file, call: layer, named: "Layer")
            try layerReader.rejectUnknown(["name", "mayDependOn"], in: "Layer")
            layers.append(Workspace.Layer(name: try layerReader.string("name"), mayDependOn: try layerReader.strings("mayDependOn")))
        }
        var tools: [Workspace.Tool] = []
        for tool in try reader.values("tools") {
            guard case .call(let kindName, _) = tool, let kind = Workspace.Tool.Kind(rawValue: kindName.lowercased()) else {
                throw ManifestError(
                    file: file, line: reader.argument("tools")?.line ?? 1,
                    message: "tools must be Library(…), Executable(…) or Tests(…), not \(tool.kind)")
            }
            let toolReader = try ArgumentReader(file: file, call: tool, named: kindName)
            try toolReader.rejectUnknown(["name", "path", "dependencies"], in: kindName)
            tools.append(
                Workspace.Tool(
                    name: try toolReader.string("name"), kind: kind, path: try toolReader.string("path"),
                    dependencies: try toolReader.strings("dependencies")))
        }
        return Workspace(
            name: try reader.string("name"),
            macOS: try reader.string("macOS"),
            layers: layers,
            injection: try reader.string("injection"),
            mayImportInjection: try reader.strings("mayImportInjection"),
            tools: tools,
            moduleGraphFile: reader.argument("moduleGraphFile") == nil ? nil : try reader.string("moduleGraphFile"),
            modules: modules,
            testSupport: reader.argument("testSupport") == nil ? nil : try reader.string("testSupport")
        )
    }
}
