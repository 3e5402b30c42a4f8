import Arguments
import CommandLineKit

/// A backend `--cache` or `--store` may name, as the help and the parser see it: its name, what it
/// is in a few words, and the options only it reads. The composition root declares one beside
/// each backend it registers, so this module names no technology.
public struct BackendDeclaration: Sendable {
    /// The name the choice option gives it, such as `disk`.
    public let name: String
    /// What it is, in a few words, for the choice's help: "a file in the data directory".
    public let summary: String
    /// The options it reads (from `Invocation.arguments`), listed after the choice in the help.
    public let options: [Option]
    /// Those of `options` that are a usage error when it is not chosen ("--x needs --cache y.").
    public let needingIt: [Option]
    /// What the commands that use it say of it: where it keeps things, notes, exit cases.
    public let prose: BackendProse

    /// A backend called `name`, `summary` in a few words, reading `options`; `needingIt` are
    /// among them and refused without it; `prose` is what the help says of it beyond that.
    public init(
        _ name: String, summary: String, options: [any OptionDeclaration] = [], needingIt: [any OptionDeclaration] = [],
        prose: BackendProse = BackendProse()
    ) {
        self.name = name
        self.summary = summary
        self.options = options.map(\.option)
        self.needingIt = needingIt.map(\.option)
        self.prose = prose
    }
}

/// What the help and the manual say of a backend in their prose, so that the words naming its
/// technology live with its registration, not in this module.
public struct BackendProse: Sendable {
    /// Where it keeps what it keeps, as a phrase: "a database every machine that names it shares".
    public let place: String?
    /// A paragraph the program's help prints before its own notes.
    public let note: String?
    /// What `cache stats|clear` say of it, after their own abstract.
    public let maintenance: String?
    /// The cases it adds to an exit code's meaning, each a clause.
    public let exitCases: [ExitCode: [String]]

    /// Prose with `place`, `note`, `maintenance` and `exitCases`, each optional.
    public init(place: String? = nil, note: String? = nil, maintenance: String? = nil, exitCases: [ExitCode: [String]] = [:]) {
        self.place = place
        self.note = note
        self.maintenance = maintenance
        self.exitCases = exitCases
    }
}

/// Every cache and favourites store the program may run with, in the order the composition root
/// registers them; the first of each is the default.
public struct ProgramBackends: Sendable {
    /// What `--cache` may name.
    public let caches: [BackendDeclaration]
    /// The names of the caches `cache stats|clear` maintain; the first is their default.
    public let maintainedCaches: [String]
    /// What `--store` may name.
    public let stores: [BackendDeclaration]

    /// The backends `caches` (of which `maintainedCaches` outlive a run) and `stores`.
    public init(caches: [BackendDeclaration], maintainedCaches: [String], stores: [BackendDeclaration]) {
        self.caches = caches
        self.maintainedCaches = maintainedCaches
        self.stores = stores
    }

    /// `--cache` for reads: any registered cache, the first by default.
    var cache: Option {
        let first = caches.first
        return .choice(
            "--cache", caches.map(\.name), default: first?.name,
            help: "Where to cache (default \(first?.name ?? "none"): \(first?.summary ?? "none")).")
    }

    /// `--cache` for `cache stats|clear`: the first maintained cache by default.
    var maintainedCache: Option {
        let listed = maintainedCaches.enumerated().map { $0.offset == 0 ? "\($0.element) (default)" : $0.element }
        return .choice("--cache", caches.map(\.name), default: maintainedCaches.first, help: "Which cache: \(Self.either(listed)).")
    }

    /// `--store`: any registered store, the first by default.
    var store: Option {
        let listed = stores.enumerated().map { "\($0.element.name)\($0.offset == 0 ? " (default)" : ""): \($0.element.summary)" }
        return .choice("--store", stores.map(\.name), default: stores.first?.name, help: listed.joined(separator: "; ") + ".")
    }

    /// `--cache` and every cache's own options.
    var cacheOptions: [Option] { [cache] + caches.flatMap(\.options) }

    /// `--store` and every store's own options.
    public var storeOptions: [Option] { [store] + stores.flatMap(\.options) }

    /// The options of `cache stats|clear`: their `--cache` and the maintained caches' own options.
    var maintenanceOptions: [Option] {
        [maintainedCache] + caches.filter { maintainedCaches.contains($0.name) }.flatMap(\.options)
    }

    /// The registered caches' and stores' notes, for the program's help.
    var notes: [String] { (caches + stores).compactMap(\.prose.note) }

    /// What `cache stats|clear` say of the maintained caches.
    var maintenanceNotes: [String] { caches.filter { maintainedCaches.contains($0.name) }.compactMap(\.prose.maintenance) }

    /// "They live in A, or with --store b in B." for the stores that say where they keep things.
    public var storePlaces: String {
        let placed = stores.compactMap { store in store.prose.place.map { (store.name, $0) } }
        guard let first = placed.first else { return "" }
        return "They live in \(first.1)" + placed.dropFirst().map { ", or with --store \($0.0) in \($0.1)" }.joined() + ". "
    }

    /// What `code` means with the cases the registered backends add.
    func meaning(of code: ExitCode) -> String {
        let cases = (caches + stores).flatMap { $0.prose.exitCases[code] ?? [] }
        guard !cases.isEmpty else { return code.meaning }
        return code.meaning.dropLast() + "; " + cases.joined(separator: "; ") + "."
    }

    /// Every exit code with its meaning.
    public var exitCodes: [ExitStatus] { ExitCode.allCases.map { ExitStatus($0.rawValue, meaning(of: $0)) } }

    /// "a or b", "a, b or c".
    static func either(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
