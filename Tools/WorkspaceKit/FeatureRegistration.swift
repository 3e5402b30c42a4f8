import Foundation

/// Where a workspace's composition root lists its features: an app module whose sources hold
/// `Features/FeatureAssembly.swift`, with `static let all: [FeatureAssembly] = [...]` on one line.
/// `new --template feature` writes the feature's assembly beside it and adds it to that list.
struct FeatureRegistration {
    /// The folder of the assemblies, inside the root's sources.
    static let folder = "Features"
    /// The file that lists them.
    static let list = "FeatureAssembly.swift"

    /// The app module that lists features.
    let root: Module
    /// The workspace's folder.
    let workspace: URL

    /// The registration of `workspace`'s features at `folder`, if an app module has the list.
    static func find(in workspace: Workspace, at folder: URL) -> FeatureRegistration? {
        let app = workspace.layers.first?.name
        return workspace.modules.first { module in
            module.layer == app
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("\(module.sourcesDirectory)/\(Self.folder)/\(Self.list)").path)
        }.map { FeatureRegistration(root: $0, workspace: folder) }
    }

    /// The path of the list, relative to the workspace.
    var listPath: String { "\(root.sourcesDirectory)/\(Self.folder)/\(Self.list)" }

    /// The path of `name`'s assembly, relative to the workspace.
    func assemblyPath(_ name: String) -> String { "\(root.sourcesDirectory)/\(Self.folder)/\(name)Assembly.swift" }

    /// The list's text with `.<property>` added at the end of `all`; throws when `all` is not one line.
    func listed(adding property: String) throws -> String {
        let text = try String(contentsOf: workspace.appendingPathComponent(listPath), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("static let all: [FeatureAssembly] = [") && $0.hasSuffix("]") }) else {
            throw ScaffoldError(
                description: "\(listPath) has no one-line `static let all: [FeatureAssembly] = [...]` to add \(property) to")
        }
        let line = lines[index].dropLast()
        lines[index] = line + (line.hasSuffix("[") ? "" : ", ") + ".\(property)]"
        return lines.joined(separator: "\n")
    }

    /// The list's text with `.<property>` taken out of `all`; nil when it is not there.
    func unlisted(removing property: String) throws -> String? {
        try edited { entries in entries.contains(".\(property)") ? entries.filter { $0 != ".\(property)" } : nil }
    }

    /// The list's text with `.<old>` in `all` replaced by `.<new>`, in place; nil when it is not there.
    func relisted(renaming old: String, to new: String) throws -> String? {
        try edited { entries in entries.contains(".\(old)") ? entries.map { $0 == ".\(old)" ? ".\(new)" : $0 } : nil }
    }

    /// The list's text with the entries of `all` changed by `change`; nil when `change` gives nil
    /// or `all` is not one line.
    private func edited(_ change: ([String]) -> [String]?) throws -> String? {
        let text = try String(contentsOf: workspace.appendingPathComponent(listPath), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("static let all: [FeatureAssembly] = [") && $0.hasSuffix("]") }),
            let open = lines[index].lastIndex(of: "[")
        else { return nil }
        let line = lines[index]
        let entries = line[line.index(after: open)..<line.index(before: line.endIndex)].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let changed = change(entries) else { return nil }
        lines[index] = line[...open] + changed.joined(separator: ", ") + "]"
        return lines.joined(separator: "\n")
    }

    /// Whether the root's sources import `name` in the assembly of `feature` (by default its own)
    /// alone, so that taking the assembly away, or the import out of it, leaves none behind.
    func importsOnlyInAssembly(_ name: String, of feature: String? = nil) -> Bool {
        let folder = workspace.appendingPathComponent(root.sourcesDirectory)
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }
        return files.allSatisfy { file in
            "\(root.sourcesDirectory)/\(file)" == assemblyPath(feature ?? name)
                || !((try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? "").contains("import \(name)\n")
        }
    }

    /// The assembly of the feature `name`: its service and its command, built from the container.
    static func assembly(_ name: String) -> String {
        let property = ServiceTemplate.lowerCamelCase(name)
        return """
            \(ModuleTemplates.importLines([name, "Injection"]))

            extension FeatureAssembly {
                /// \(name): its service, \(bundledPromise), and its command.
                static let \(property) = FeatureAssembly(
                    components: [
                        Component {
            \(bundledRegistration(port: name, protocol: "\(name)Service").map { "                " + $0 }.joined(separator: "\n"))
                        }
                    ],
                    commands: { _ in
                        [
                            \(name)Command.command.map { request, _ in
                                { resolver, console in \(name)Command(request, service: try await resolver(), console: console) }
                            }
                        ]
                    })
            }

            """
    }
}
