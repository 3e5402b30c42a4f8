import Foundation
import TestSupport
import Testing

/// The mutation study: in a copy of this checkout, one fault planted at a time, and `verify`
/// must fail at the step where `.ci/run` fails on it, naming the file or the test target; on a
/// change to docs/ alone it must pass and run no test. Slow (every case builds), so it runs only
/// with `EXCELSIOR_MUTATION_STUDY=1`; it prints a table of case, step, targets selected and time.
@Suite(.onOwnThread, .enabled(if: PlantedFault.studyIsAskedFor, "set EXCELSIOR_MUTATION_STUDY=1 to run the study"))
struct MutationStudyTests {
    @Test func verifyFailsWhereCIFailsAndPassesOnDocsAlone() throws {
        let copy = try MutationCopy.make(of: WorkspaceTree.root)
        let warm = ContinuousClock.now
        try copy.build()
        print("mutation study: the copy's build took \((ContinuousClock.now - warm).components.seconds) s")
        var rows = ["| case | step that failed | targets selected | time |", "|---|---|---|---|"]
        for plant in PlantedFault.all {
            try copy.restore()
            try plant.plant(copy)
            let verdict = try copy.verify()
            try copy.restore()
            let step = verdict.failedStep ?? "none (passed)"
            let targets = verdict.selected.isEmpty ? "none" : verdict.selected.joined(separator: ", ")
            rows.append("| \(plant.name) | \(step) | \(targets) | \(verdict.seconds) s |")
            print("mutation study: \(rows.last ?? "")")
            check(verdict, against: plant)
        }
        print(rows.joined(separator: "\n"))
    }

    /// The expectations of one case, each failing with the case's name and verify's output.
    private func check(_ verdict: MutationCopy.Verdict, against plant: PlantedFault) {
        let failures = verdict.output.split(separator: "\n").filter { $0.contains("✘") || $0.hasPrefix("verify:") }
        let context = Comment(rawValue: "\(plant.name):\n\(failures.suffix(60).joined(separator: "\n"))\n\(verdict.output.suffix(2000))")
        switch plant.expected {
        case .passes:
            #expect(verdict.status == 0, context)
            #expect(verdict.failedStep == nil, context)
            #expect(verdict.selected == [], context)
            #expect(verdict.output.contains("==> tests (none selected)"), context)
        case .fails(let step, let naming):
            #expect(verdict.status == 1, context)
            #expect(verdict.failedStep == step, context)
            #expect(verdict.output.contains(naming), context)
        case .failsTests(let target, let naming, let alone):
            #expect(verdict.status == 1, context)
            #expect(verdict.failedStep == "tests", context)
            #expect(verdict.selected.contains(target), context)
            #expect(alone ? verdict.failingTargets == [target] : verdict.failingTargets.contains(target), context)
            #expect(Set(verdict.failingTargets).isSubset(of: verdict.selected), context)
            #expect(verdict.output.contains(naming), context)
        }
    }
}
