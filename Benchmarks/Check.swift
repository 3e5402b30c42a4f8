import Foundation

/// `--check`: every goal's measured ratio and verdict, one line each.
enum Check {
    /// The report's lines, and whether any goal was missed or names a case that does not exist
    /// (a goal whose group has no cases at all, as when a tool is missing, is `not run`).
    static func report(_ goals: [Goal], results: [Runner.Result], known: Set<Goal.Case>) -> (lines: [String], failed: Bool) {
        var medians: [Goal.Case: Double] = [:]
        for result in results { medians[Goal.Case(group: result.group, name: result.name)] = result.medianNanosecondsPerOperation }
        var lines = ["measured on \(Machine.summary)"]
        var failed = false
        let knownGroups = Set(known.map(\.group))
        for goal in goals {
            let cases = [goal.subject] + [goal.baseline].compactMap { $0 }
            if let unknown = cases.first(where: { knownGroups.contains($0.group) && !known.contains($0) }) {
                lines.append("unknown  \(goal.statement): no case \"\(unknown.group)\" / \"\(unknown.name)\"")
                failed = true
                continue
            }
            switch goal.verdict(medians) {
            case .met(let measured):
                lines.append("met      \(goal.statement): \(measured) (\(goal.boundText))")
            case .missed(let measured):
                lines.append("MISSED   \(goal.statement): \(measured) (\(goal.boundText))")
                failed = true
            case .notMeasured:
                lines.append("not run  \(goal.statement)")
            }
        }
        let judged = lines.count - 1
        lines.append(failed ? "goals: some missed (\(judged) listed)" : "goals: all measured goals met (\(judged) listed)")
        return (lines, failed)
    }
}
