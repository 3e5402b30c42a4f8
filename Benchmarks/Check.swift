import Foundation

/// `--check`: every goal's measured ratio and verdict, one line each.
enum Check {
    /// The report's lines, and whether any goal was missed or names a case, or a count of a case
    /// that ran, that does not exist (a goal whose group has no cases at all, as when a tool is
    /// missing, is `not run`).
    /// With `filtered`, goals whose cases were left out are counted in one line instead of listed.
    static func report(_ goals: [Goal], results: [Runner.Result], known: Set<Goal.Case>, filtered: Bool) -> (lines: [String], failed: Bool)
    {
        var medians: [Goal.Case: Double] = [:]
        var rounds: [Goal.Case: [Double]] = [:]
        var counts: [Goal.Case: [String: Double]] = [:]
        for result in results {
            medians[Goal.Case(group: result.group, name: result.name)] = result.medianNanosecondsPerOperation
            rounds[Goal.Case(group: result.group, name: result.name)] = result.rounds
            counts[Goal.Case(group: result.group, name: result.name)] = result.counts ?? [:]
        }
        var lines = ["measured on \(Machine.summary)"]
        var failed = false
        var notRun = 0
        let knownGroups = Set(known.map(\.group))
        for goal in goals {
            if let unknown = goal.cases.first(where: { knownGroups.contains($0.group) && !known.contains($0) }) {
                lines.append("unknown  \(goal.statement): no case \"\(unknown.group)\" / \"\(unknown.name)\"")
                failed = true
                continue
            }
            if let reported = counts[goal.subject], let missing = goal.counted?.names.first(where: { reported[$0] == nil }) {
                lines.append("unknown  \(goal.statement): \"\(goal.subject.name)\" counted no \"\(missing)\"")
                failed = true
                continue
            }
            switch goal.verdict(medians, rounds: rounds, counts: counts) {
            case .met(let measured):
                lines.append("met      \(goal.statement): \(measured) (\(goal.boundText))")
            case .missed(let measured):
                lines.append("MISSED   \(goal.statement): \(measured) (\(goal.boundText))")
                failed = true
            case .notMeasured:
                notRun += 1
                if !filtered { lines.append("not run  \(goal.statement)") }
            }
        }
        let judged = goals.count - notRun
        if filtered && notRun > 0 { lines.append("not run  \(notRun) goals whose cases the filter left out or that were skipped") }
        lines.append(failed ? "goals: some missed (of \(judged) judged)" : "goals: all \(judged) judged goals met")
        return (lines, failed)
    }
}
