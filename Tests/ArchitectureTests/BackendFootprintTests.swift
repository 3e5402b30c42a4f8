import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// A backend is where its name is. Outside its own modules (the technology's and its adapters',
/// `Redis` and `RedisStorage`), only its registration names it: its files in the composition
/// root's `Backends/`, named after it, and one line of its list; and one line of the root's
/// manifest, which `workspace generate` writes from the root's imports. So adding a backend by
/// hand is its modules, its composer there and one line. (A feature's assembly may name the
/// adapter the tool registered for that feature: `isAdapterRegistration`.)
@Suite(.onOwnThread) struct BackendFootprintTests {
    static let backends = "App/CompositionRootKit/Backends/"
    static let lists = ["CacheBackends.swift", "StoreBackend.swift"]

    @Test func aBackendIsItsModulesItsFilesAndTwoLines() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        let technologies = TechnologyNameTests.technologies(workspace)
        #expect(technologies == ["Postgres", "Redis", "SQLite"])
        for technology in technologies {
            let mentions = try Self.mentions(of: technology, in: workspace)
            let own = mentions.keys.filter { $0.hasPrefix(Self.backends + technology) }
            let rest = mentions.filter { !own.contains($0.key) }
            #expect(!own.isEmpty, "\(technology) has its files in \(Self.backends)")
            #expect(rest.count == 1, "\(technology) is named outside its files only in its list: \(rest.keys.sorted())")
            for (file, lines) in rest {
                #expect(Self.lists.contains { file == Self.backends + $0 }, "\(technology) in \(file)")
                #expect(lines.count == 1, "\(technology): one line of \(file), not \(lines.sorted())")
            }
            let manifest = try String(
                contentsOf: ModuleSources.packageRoot.appendingPathComponent("Manifests/Modules/CompositionRootKit.swift"), encoding: .utf8)
            let manifestLines = manifest.split(separator: "\n").filter { !$0.hasPrefix("//") && $0.contains("\"\(technology)") }
            #expect(manifestLines.count == 1, "\(technology): one dependency line in the root's manifest")
        }
    }

    @Test func aFeaturesAssemblyMayNameTheAdapterRegisteredForItAndNoOther() {
        let forecasts = "App/CompositionRootKit/Features/ForecastsAssembly.swift"
        #expect(Self.isAdapterRegistration("PostgresForecastsService", of: "Postgres", in: forecasts))
        #expect(Self.isAdapterRegistration("SQLiteForecasts", of: "SQLite", in: forecasts))
        #expect(!Self.isAdapterRegistration("PostgresFavoritesStore", of: "Postgres", in: forecasts))
        #expect(!Self.isAdapterRegistration("RedisCache", of: "Redis", in: forecasts))
        #expect(!Self.isAdapterRegistration("PostgresForecastsService", of: "Postgres", in: Self.backends + "CacheBackends.swift"))
    }

    /// Whether `word` in `file` is what `workspace new --template adapter` writes into a feature's
    /// assembly to register the feature's own adapter: the adapter's module and type
    /// (`<Technology><Feature>…`). A feature's store is its feature's, not a backend's.
    static func isAdapterRegistration(_ word: String, of technology: String, in file: String) -> Bool {
        let features = "App/CompositionRootKit/Features/"
        guard file.hasPrefix(features), file.hasSuffix("Assembly.swift") else { return false }
        let feature = file.dropFirst(features.count).dropLast("Assembly.swift".count)
        return word.hasPrefix(technology + feature)
    }

    /// The files of modules not named after `technology` whose identifiers or strings name it, with
    /// the lines where they do; the module graph, generated from the manifests, left out.
    static func mentions(of technology: String, in workspace: Workspace) throws -> [String: Set<Int>] {
        let graph = workspace.moduleGraphFile ?? "generated from the manifests"
        var found: [String: Set<Int>] = [:]
        for module in workspace.modules where !module.name.hasPrefix(technology) {
            for word in try ModuleSources.words(of: module) where word.text.lowercased().contains(technology.lowercased()) {
                guard let colon = word.place.lastIndex(of: ":"), let line = Int(word.place[word.place.index(after: colon)...]) else {
                    continue
                }
                let file = String(word.place[..<colon])
                if file != graph, !isAdapterRegistration(word.text, of: technology, in: file) { found[file, default: []].insert(line) }
            }
        }
        return found
    }
}
