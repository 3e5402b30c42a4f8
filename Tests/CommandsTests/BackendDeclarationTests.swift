import Arguments
import CommandLineKit
import Testing

@testable import Commands

/// A backend is a declaration the composition root hands in: its name, options and prose reach the
/// parser, the help and the manual with no change to this module.
@Suite struct BackendDeclarationTests {
    static let tapeURL: TypedOption<String?> = .text("--tape-url", placeholder: "URL", help: "The tape library for --cache tape.")
    static let tape = BackendDeclaration(
        "tape", summary: "a tape library", options: [tapeURL], needingIt: [tapeURL],
        prose: BackendProse(
            note: "Tapes are slow.", maintenance: "With --cache tape: the reels.",
            exitCases: [.unavailable: ["the tape library offline"]]))
    static let backends = ProgramBackends(
        caches: ProgramBackends.sample.caches + [tape], maintainedCaches: ["disk", "tape"], stores: ProgramBackends.sample.stores)

    @Test func aRegisteredNameIsAChoiceAndItsOptionsNeedIt() throws {
        let chosen = try InvocationParser.parse(["list", "--cache", "tape", "--tape-url", "tape://x"], backends: Self.backends)
        #expect(chosen.cache == "tape")
        #expect(chosen.arguments?[Self.tapeURL] == "tape://x")
        #expect(throws: UsageError(message: "--tape-url needs --cache tape.")) {
            try InvocationParser.parse(["list", "--tape-url", "tape://x"], backends: Self.backends)
        }
        #expect(try InvocationParser.parse(["cache", "stats", "--cache", "tape"], backends: Self.backends).cache == "tape")
        #expect(throws: UsageError(message: "cache stats works on --cache disk or tape, got 'redis'.")) {
            try InvocationParser.parse(["cache", "stats", "--cache", "redis"], backends: Self.backends)
        }
    }

    @Test func anUnregisteredNameIsAUsageError() {
        #expect(throws: UsageError.self) { try InvocationParser.parse(["list", "--cache", "tape"]) }
        #expect(throws: UsageError.self) { try InvocationParser.parse(["list", "--tape-url", "tape://x"]) }
    }

    @Test func itsProseReachesTheHelpAndTheManual() {
        let manual = Usage.manual(with: Self.backends)
        #expect(manual.contains("`--cache memory\\|disk\\|redis\\|none\\|tape`"))
        #expect(manual.contains("Tapes are slow."))
        #expect(manual.contains("With --cache tape: the reels."))
        #expect(manual.contains("nothing is cached; the tape library offline. |"))
        #expect(manual.contains("cache stats | cache clear [--cache disk|tape]"))
        #expect(!Usage.manual.contains("tape"))
    }

    @Test func theStoresSayWhereTheyKeepThings() {
        #expect(ProgramBackends.sample.storePlaces == "")
        let placed = ProgramBackends(
            caches: [], maintainedCaches: [],
            stores: [
                BackendDeclaration("a", summary: "A", prose: BackendProse(place: "a file")),
                BackendDeclaration("b", summary: "B", prose: BackendProse(place: "a server")),
            ])
        #expect(placed.storePlaces == "They live in a file, or with --store b in a server. ")
        #expect(placed.store.help == "a (default): A; b: B.")
    }
}
