import Foundation
import Processes
import Synchronization
import WorkspaceKit

/// Where a change goes, measured: in the change-cost copy, each change of docs/ARCHITECTURE.md's
/// "Where a change goes" is made as its recipe says (the tool's commands run, the edits a person
/// makes scripted), built, tried in the program, then taken back. Each case counts the files
/// edited by hand, those of them outside the modules the change adds, those of them that existed
/// before it (lines in files a team already has), and the files the tool wrote; its goals are
/// counts of these, and its time is the build.
enum FootprintBenchmarks {
    static let group = "change-footprint"
    static let byHand = "files by hand"
    static let outsideNewModules = "files by hand outside new modules"
    static let existing = "existing files by hand"
    static let byTool = "files the tool wrote"

    /// One change: its name, what it does to the copy (returning the paths edited by hand and the
    /// folders of the modules it adds), and the command line of the program that shows it works.
    struct Change: Sendable {
        let name: String
        let make: @Sendable (ChangeCostWorkspace) throws -> (byHand: Set<String>, newModules: [String])
        let tryIt: [String]
        let expected: String
    }

    /// The goals, as #40 states them.
    static let goals: [Goal] = [
        Goal("an option on `list` is 1 file by hand", subject: (group, option.name), counts: [byHand], unit: "files", atMost: 1),
        // Its composer, `App/…/Backends/<Name>CacheBackend.swift`, is new with it: DESIGN.md registers
        // each backend in the root, one assembly per backend; the one line is its entry in the list.
        Goal(
            "a new cache backend edits 1 existing file (its line in the list)", subject: (group, cacheBackend.name), counts: [existing],
            unit: "files", atMost: 1),
        Goal(
            "a new cache backend is a new module + its composer + that line", subject: (group, cacheBackend.name),
            counts: [outsideNewModules], unit: "files", atMost: 2),
        Goal(
            "a new favourites store edits 1 existing file (its line in the list)", subject: (group, store.name), counts: [existing],
            unit: "files", atMost: 1),
        Goal(
            "a new favourites store is a new module + its composer + that line", subject: (group, store.name),
            counts: [outsideNewModules], unit: "files", atMost: 2),
        Goal(
            "a new feature with its command is the scaffold + 0", subject: (group, feature.name), counts: [byHand], unit: "files", atMost: 0
        ),
        Goal(
            "a live SQLite store for a feature's port is the scaffold + 0", subject: (group, adapter.name), counts: [byHand], unit: "files",
            atMost: 0),
        Goal(
            "a new exit code for one error is 1 file by hand", subject: (group, exitCode.name), counts: [byHand], unit: "files", atMost: 1),
    ]

    /// Every case, in the order measured.
    static func all(tree: URL, revision: String) -> [Benchmark] {
        [option, cacheBackend, store, feature, adapter, exitCode].map { change in
            Benchmark(group: group, name: change.name, role: .subject) {
                let workspace = try ChangeCostWorkspace.shared(tree: tree, revision: revision)
                let outcome = Result { try measure(change, in: workspace) }
                try workspace.revert()
                _ = try workspace.build()
                return try outcome.get()
            }
        }
    }

    /// Makes `change`, builds, tries it and counts what it touched.
    private static func measure(_ change: Change, in workspace: ChangeCostWorkspace) throws -> Benchmark.Measured {
        let (hand, newModules) = try change.make(workspace)
        let build = try workspace.build()
        let output = try workspace.runProgram(change.tryIt)
        guard output.contains(change.expected) else {
            throw ChangeCostWorkspace.Failed(
                description: "\(change.name): `\(change.tryIt.joined(separator: " "))` did not print '\(change.expected)'")
        }
        let changed = try workspace.changedFiles()
        let outside = hand.filter { path in !newModules.contains { path.hasPrefix($0) } }
        let existed = outside.subtracting(try workspace.newFiles())
        rows.withLock {
            $0.append(Row(change: change.name, byHand: hand, outside: outside, existing: existed, byTool: changed.subtracting(hand)))
        }
        return Benchmark.Measured(
            rounds: [build.seconds * 1e9],
            counts: [
                byHand: Double(hand.count), outsideNewModules: Double(outside.count), existing: Double(existed.count),
                byTool: Double(changed.subtracting(hand).count),
            ])
    }

    /// One row of the table: a change and the files it touched.
    private struct Row {
        let change: String
        let byHand: Set<String>
        let outside: Set<String>
        let existing: Set<String>
        let byTool: Set<String>
    }

    private static let rows = Mutex<[Row]>([])

    /// The table of the changes that ran, as Markdown, or nil when none did.
    static func table() -> String? {
        let rows = rows.withLock { $0 }
        guard !rows.isEmpty else { return nil }
        let list = { (paths: Set<String>) in paths.isEmpty ? "0" : "\(paths.count): " + paths.sorted().joined(separator: ", ") }
        return
            ([
                "| change | by hand | by hand, outside new modules | of those, files that existed | the tool wrote |",
                "|---|---|---|---|---|",
            ]
            + rows.map {
                "| \($0.change) | \(list($0.byHand)) | \(list($0.outside)) | \(list($0.existing)) | \(list($0.byTool)) |"
            }).joined(separator: "\n")
    }

    // MARK: The changes

    static let option = Change(
        name: "an option on list",
        make: { workspace in
            let path = "Modules/Browse/Sources/ListCommand.swift"
            try workspace.edit(
                path,
                [
                    (
                        "        public var detailedStatistics = false\n",
                        "        public var detailedStatistics = false\n        /// Whether to print the page last to first.\n        public var reversed = false\n"
                    ),
                    ("render(page.results)", "render(request.reversed ? page.results.reversed() : page.results)"),
                    (
                        "    static let orderBy:",
                        "    static let reverse: TypedOption<Bool> = .toggle(\"--reverse\", help: \"Print the page last to first.\")\n    static let orderBy:"
                    ),
                    ("events, stories, orderBy]", "events, stories, orderBy, reverse]"),
                    (
                        "        request.detailedStatistics = parsed[BrowseCommandLine.stats]\n",
                        "        request.detailedStatistics = parsed[BrowseCommandLine.stats]\n        request.reversed = parsed[reverse]\n"
                    ),
                ])
            try workspace.tool(["generate"])
            return ([path], [])
        }, tryIt: ["list", "--help"], expected: "--reverse")

    static let cacheBackend = Change(
        name: "a new cache backend",
        make: { workspace in
            try newBackend(
                in: workspace, adapter: "CountingStorage", port: "Storage",
                source: (
                    "Modules/CountingStorage/Sources/CountingCache.swift",
                    """
                    import Storage

                    /// A memory cache that counts what it is asked: the new backend of the change-footprint benchmark.
                    public final class CountingCache: Caching {
                        private let memory = MemoryCache()

                        /// An empty cache.
                        public init() {}

                        public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws { try memory.set(value, for: key) }
                        public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws -> Value? { try memory.get(type, for: key) }
                        public func remove(_ key: Key) throws { try memory.remove(key) }
                        public func removeAll() throws { try memory.removeAll() }
                        public var statistics: CacheStatistics { memory.statistics }
                    }

                    """
                ),
                composer: (
                    "App/CompositionRootKit/Backends/CountingCacheBackend.swift",
                    """
                    import Commands
                    import CountingStorage

                    extension CacheBackend {
                        /// `--cache counting`: this run only, counted.
                        static let counting = CacheBackend(declaration: BackendDeclaration("counting", summary: "this run only, counted")) { _, _ in
                            CountingCache()
                        }
                    }

                    """
                ),
                list: (
                    "App/CompositionRootKit/Backends/CacheBackends.swift", "[.memory, .disk, .redis, .none]",
                    "[.memory, .disk, .redis, .none, .counting]"
                ))
        }, tryIt: ["list", "--cache", "counting", "--limit", "1"], expected: "Showing 1 of")

    static let store = Change(
        name: "a new favourites store",
        make: { workspace in
            try newBackend(
                in: workspace, adapter: "SessionFavorites", port: "Favorites",
                source: (
                    "Modules/SessionFavorites/Sources/SessionFavoritesStore.swift",
                    """
                    import Favorites
                    import Foundation
                    import Synchronization

                    /// Favourites kept for one run: the new store of the change-footprint benchmark.
                    public final class SessionFavoritesStore: FavoritesStore {
                        private let kept = Mutex<[Favorite]>([])
                        private let feed = FavoriteChangeFeed()

                        /// An empty store.
                        public init() {}

                        public func add(_ favorite: Favorite) throws(FavoritesError) {
                            try kept.withLock { kept throws(FavoritesError) in
                                if let other = kept.first(where: { $0.characterID == favorite.characterID }) {
                                    throw .alreadyFavorite(characterID: other.characterID, name: other.name)
                                }
                                kept.append(favorite)
                            }
                            feed.publish(.added(characterID: favorite.characterID))
                        }
                        public func favorite(characterID: Int) throws(FavoritesError) -> Favorite? {
                            kept.withLock { $0.first { $0.characterID == characterID } }
                        }
                        public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
                            let all = kept.withLock { $0 }.sorted { ($0.addedAt, $0.characterID) < ($1.addedAt, $1.characterID) }
                            return Array(all.dropFirst(max(0, offset)).prefix(max(0, limit)))
                        }
                        public func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite {
                            let changed = try kept.withLock { kept throws(FavoritesError) in
                                guard let index = kept.firstIndex(where: { $0.characterID == characterID }) else {
                                    throw .favoriteNotFound(characterID: characterID)
                                }
                                kept[index] = kept[index].updated(note: note ?? kept[index].note, rating: rating.applied(to: kept[index].rating), at: date)
                                return kept[index]
                            }
                            feed.publish(.updated(characterID: characterID))
                            return changed
                        }
                        public func remove(characterID: Int) throws(FavoritesError) {
                            try kept.withLock { kept throws(FavoritesError) in
                                guard let index = kept.firstIndex(where: { $0.characterID == characterID }) else {
                                    throw .favoriteNotFound(characterID: characterID)
                                }
                                kept.remove(at: index)
                            }
                            feed.publish(.removed(characterID: characterID))
                        }
                        public func count() throws(FavoritesError) -> Int { kept.withLock { $0.count } }
                        public func changes() -> AsyncStream<FavoriteChange> { feed.stream() }
                    }

                    """
                ),
                composer: (
                    "App/CompositionRootKit/Backends/SessionStoreBackend.swift",
                    """
                    import Commands
                    import SessionFavorites

                    extension StoreBackend {
                        /// `--store session`: this run only.
                        static let session = StoreBackend(declaration: BackendDeclaration("session", summary: "this run only")) { _ in
                            SessionFavoritesStore()
                        }
                    }

                    """
                ),
                list: ("App/CompositionRootKit/Backends/StoreBackend.swift", "[.sqlite, .postgres]", "[.sqlite, .postgres, .session]"))
        }, tryIt: ["favorites", "list", "--store", "session"], expected: "0 favourites.")

    /// A backend added as its recipe says: the adapter made by the tool over `port`, its
    /// implementation and composer written, its entry added to the list (`before` becomes
    /// `after`), then `generate`; returns the files by hand and the new module's folder.
    private static func newBackend(
        in workspace: ChangeCostWorkspace, adapter: String, port: String, source: (path: String, text: String),
        composer: (path: String, text: String), list: (path: String, before: String, after: String)
    ) throws -> (byHand: Set<String>, newModules: [String]) {
        try workspace.tool(["new", adapter, "--layer", "adapter", "--dependencies", port])
        try workspace.write(source.path, source.text)
        try workspace.write(composer.path, composer.text)
        try workspace.edit(list.path, [(list.before, list.after)])
        // `generate` declares the adapter in the root's manifest: the root imports it now.
        try workspace.tool(["generate"])
        return ([source.path, composer.path, list.path], ["Modules/\(adapter)/"])
    }

    static let feature = Change(
        name: "a new feature with its command",
        make: { workspace in
            try workspace.tool(["new", "Forecasts", "--template", "feature"])
            return ([], ["Modules/Forecasts/"])
        }, tryIt: ["forecasts", "--id", "1"], expected: "1  First")

    static let adapter = Change(
        name: "a live SQLite store for a feature's port",
        make: { workspace in
            try workspace.tool(["new", "Forecasts", "--template", "feature"])
            try workspace.tool(["new", "SQLiteForecasts", "--template", "adapter", "--port", "Forecasts", "--technology", "SQLite"])
            return ([], ["Modules/Forecasts/", "Modules/SQLiteForecasts/"])
        }, tryIt: ["forecasts", "--help"], expected: "forecasts [--id ID]")

    static let exitCode = Change(
        name: "a new exit code for one error",
        make: { workspace in
            let path = "Modules/Favorites/Sources/CommandLine/FavoritesError+ExitCode.swift"
            try workspace.edit(path, [("case .busy: .temporaryFailure", "case .busy: .unavailable")])
            return ([path], [])
        }, tryIt: ["--help"], expected: "Exit codes")
}
