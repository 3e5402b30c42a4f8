import Foundation

/// One fault the mutation study plants in its copy, and where `verify` (like `.ci/run`) must stop.
struct PlantedFault: Sendable {
    /// Where `verify` must end.
    enum Expected: Sendable {
        /// It passes and runs no test.
        case passes
        /// It fails at `step`, its output naming `naming` (a file, a rule).
        case fails(step: String, naming: String)
        /// It fails at the tests, `target` among the failing targets (the only one when `alone`),
        /// and its output names `naming` (the test that failed).
        case failsTests(target: String, naming: String, alone: Bool = true)
    }

    /// Whether the study was asked for (`EXCELSIOR_MUTATION_STUDY=1`).
    static let studyIsAskedFor = ProcessInfo.processInfo.environment["EXCELSIOR_MUTATION_STUDY"] == "1"

    /// The case, as the table in docs/TESTING.md names it.
    let name: String
    /// Where `verify` must end.
    let expected: Expected
    /// Plants the fault in the copy.
    let plant: @Sendable (MutationCopy) throws -> Void

    /// A test file that fails one expectation, in the test target `target`.
    static func failingExpectation(layer: String, target: String) -> PlantedFault {
        PlantedFault(
            name: "failing expectation in \(target) (\(layer))",
            expected: .failsTests(target: target, naming: "aPlantedExpectationFails() recorded an issue")
        ) { copy in
            try copy.write(
                "Tests/\(target)/PlantedFaultTests.swift",
                """
                import Testing

                struct PlantedFaultTests {
                    @Test func aPlantedExpectationFails() {
                        let sum = [1, 1].reduce(0, +)
                        #expect(sum == 3)
                    }
                }

                """)
        }
    }

    /// Every case, one module a layer first, then the rules, then docs/ alone.
    static let all: [PlantedFault] = [
        failingExpectation(layer: "app", target: "CompositionRootTests"),
        failingExpectation(layer: "adapter", target: "MarvelDataProvidersTests"),
        failingExpectation(layer: "interface", target: "CommandsTests"),
        failingExpectation(layer: "feature", target: "FavoritesTests"),
        failingExpectation(layer: "domain", target: "RepositoryTests"),
        failingExpectation(layer: "data", target: "DataProvidersTests"),
        failingExpectation(layer: "infrastructure", target: "HTTPTypesTests"),
        failingExpectation(layer: "foundation", target: "RedactionTests"),
        PlantedFault(
            name: "socket call in App/ (the socket rule)",
            expected: .failsTests(
                target: "WorkspaceTreeTests", naming: "socketSystemCallsAppearInTheSocketsModuleOnly() recorded an issue",
                // The app's change runs FaultTests, whose limits-as-another-user tests share that
                // user's thread limit with whatever else runs on the machine.
                alone: false)
        ) { copy in
            // Spelled so that the socket rule's scan of this file does not see the call; it takes
            // a blank line's place, so the composition root stays under its size bound, and is
            // never called, so that only the rule, not the app's behaviour, tells it apart.
            let call = "socket"
            try copy.edit(
                "App/CompositionRoot/main.swift", replacing: "\n\nvar status = ExitCode.ok",
                with: "\nfunc plantedSocket() -> Int32 { \(call)(AF_INET, 1, 0) }\nvar status = ExitCode.ok")
        },
        PlantedFault(
            name: "unsorted import",
            expected: .fails(step: "format (fix with .ci/format)", naming: "Modules/HTTPTypes/Sources/HTTPError.swift")
        ) { copy in
            try copy.edit(
                "Modules/HTTPTypes/Sources/HTTPError.swift", replacing: "import Foundation\nimport Redaction\n",
                with: "import Redaction\nimport Foundation\n")
        },
        PlantedFault(
            name: "public function without a doc comment",
            expected: .fails(step: "format (fix with .ci/format)", naming: "Modules/Redaction/Sources/Redaction.swift")
        ) { copy in
            try copy.edit(
                "Modules/Redaction/Sources/Redaction.swift", replacing: "public enum Redaction {\n",
                with: "public enum Redaction {\n    public static func plantedUndocumented() -> Int {\n        1\n    }\n\n")
        },
        PlantedFault(
            name: "hand edit of Package.swift (generated)", expected: .fails(step: "check", naming: "Package.swift is out of date")
        ) { copy in
            try copy.edit("Package.swift", replacing: "\nlet package", with: "\n// A hand edit.\nlet package")
        },
        PlantedFault(
            name: "fixture change (a misnamed corpus folder)",
            expected: .failsTests(target: "FuzzTargetsTests", naming: "everyCorpusFolderIsATarget() recorded an issue")
        ) {
            copy in
            try copy.write("Tests/FuzzCorpus/marvel-dates/seed-misfiled", "1963-09-01T00:00:00-0400")
        },
        PlantedFault(name: "docs/ alone", expected: .passes) { copy in
            try copy.edit("docs/PERFORMANCE.md", replacing: "\n", with: "\n\nA sentence planted by the mutation study.\n")
        },
    ]
}
