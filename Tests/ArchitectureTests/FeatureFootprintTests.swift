import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// A feature is one place. Its commands (the types of its module named `…Command` or
/// `…CommandLine`) are named outside its module only by its assembly in the composition root's
/// `Features/`, named after it; and the assembly is named only by one line of `FeatureAssembly.all`.
/// So a new feature is its module, its assembly and that line (and the root's manifest line).
@Suite(.onOwnThread) struct FeatureFootprintTests {
    static let features = "App/CompositionRootKit/Features/"

    @Test func aFeatureIsItsModuleItsAssemblyAndOneLine() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        let features = workspace.modules.filter { $0.layer == "feature" }
        let browse = try #require(features.first { $0.name == "Browse" })
        #expect(try Self.commandTypes(of: browse) == ["BrowseCommandLine", "ListCommand", "ShowCommand"])
        let all = try String(
            contentsOf: ModuleSources.packageRoot.appendingPathComponent(Self.features + "FeatureAssembly.swift"), encoding: .utf8)
        for feature in features {
            let commands = try Self.commandTypes(of: feature)
            let assembly = Self.features + "\(feature.name)Assembly.swift"
            for command in commands {
                let outside = try Self.files(naming: command, in: workspace).subtracting([assembly]).filter {
                    !$0.hasPrefix(feature.directory + "/")
                }
                #expect(outside.isEmpty, "\(command) of \(feature.name) is named only in \(assembly), not in \(outside.sorted())")
            }
            // A feature without a command yet (a kit the tool just made) has nothing to register.
            guard !commands.isEmpty else { continue }
            let entry = "." + feature.name.prefix(1).lowercased() + feature.name.dropFirst()
            #expect(
                all.split(separator: "\n").filter { $0.contains("static let all") && $0.contains(entry) }.count == 1,
                "\(feature.name) is one entry of FeatureAssembly.all")
        }
    }

    /// The types `feature`'s sources declare whose names end in `Command` or `CommandLine`.
    static func commandTypes(of feature: Module) throws -> Set<String> {
        let declared = try ModuleSources.words(of: feature).filter { ["struct", "enum", "class"].contains($0.previous) }
        return Set(declared.map(\.text).filter { $0.hasSuffix("Command") || $0.hasSuffix("CommandLine") })
    }

    /// The files of every module whose words hold `name`.
    static func files(naming name: String, in workspace: Workspace) throws -> Set<String> {
        var files: Set<String> = []
        for module in workspace.modules {
            for word in try ModuleSources.words(of: module) where word.text == name {
                if let colon = word.place.lastIndex(of: ":") { files.insert(String(word.place[..<colon])) }
            }
        }
        return files
    }
}
