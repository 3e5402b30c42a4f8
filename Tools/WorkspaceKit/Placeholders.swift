import Foundation

/// The placeholder text of `new`'s templates left in a module's catalog or doc comments: one
/// warning per line, which `check` prints without failing.
enum Placeholders {
    /// The warnings for every module of `workspace`.
    static func warnings(in workspace: Workspace, root: URL) -> [Problem] {
        var warnings: [Problem] = []
        for module in workspace.modules.sorted(by: { $0.name < $1.name }) {
            for folder in Set([module.sourcesDirectory, module.directory]).sorted() {
                let listed = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.allObjects as? [String]
                for found in (listed ?? []).sorted() {
                    let path = "\(folder)/\(found)"
                    let isCatalog = path.contains(".docc/") && path.hasSuffix(".md")
                    guard isCatalog || (path.hasSuffix(".swift") && folder == module.sourcesDirectory) else { continue }
                    if folder != module.sourcesDirectory && path.hasPrefix(module.sourcesDirectory + "/") { continue }
                    guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { continue }
                    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                        let prose = isCatalog || line.trimmingCharacters(in: .whitespaces).hasPrefix("///")
                        guard prose, let placeholder = ModuleTemplates.placeholders.first(where: { line.contains($0) }) else { continue }
                        warnings.append(
                            Problem(
                                file: path, line: index + 1,
                                message: "\(module.name) still holds the template's placeholder \"\(placeholder)\": say what it is",
                                isWarning: true))
                    }
                }
            }
        }
        return warnings
    }
}
