import Foundation

/// A goal judged by `--check`: a ratio between two cases measured in the same run, (for the few
/// goals stated in time) one case's median time per operation, or counts a case reported beside
/// its time (files recompiled, a share of tests).
struct Goal {
    /// How the subject must measure.
    enum Bound {
        /// The subject takes at most this many times the baseline's time.
        case atMost(Double)
        /// The baseline takes at least this many times the subject's time.
        case fasterBy(Double)
        /// The subject's median operation takes at most this many nanoseconds (no baseline).
        case underNanoseconds(Double)
        /// The subject's time grows from its `from` case at most this many times as much as the
        /// baseline's grows from its own: (subject / subject's from) / (baseline / baseline's from).
        case growthAtMost(Double)
        /// The sum of the counts the subject reported under `counted`'s names is at most this.
        case countAtMost(Double)
    }

    /// A case, named by its group and name as the table prints them.
    struct Case: Hashable {
        let group: String
        let name: String
    }

    /// The goal as the docs state it, printed beside its verdict.
    let statement: String
    let subject: Case
    let baseline: Case?
    /// For a growth goal, the cases the subject and the baseline grow from.
    let from: (subject: Case, baseline: Case)?
    /// For a count goal, the names of the subject's counts it sums and their unit (`files`, `%`).
    let counted: (names: [String], unit: String)?
    let bound: Bound

    /// A goal on the ratio of `subject` to `baseline`, both `(group, name)`.
    init(_ statement: String, subject: (String, String), baseline: (String, String), _ bound: Bound) {
        self.statement = statement
        self.subject = Case(group: subject.0, name: subject.1)
        self.baseline = Case(group: baseline.0, name: baseline.1)
        self.from = nil
        self.counted = nil
        self.bound = bound
    }

    /// A goal on growth: `subject` over `subjectFrom` against `baseline` over `baselineFrom`.
    init(
        _ statement: String, subject: (String, String), from subjectFrom: (String, String), baseline: (String, String),
        from baselineFrom: (String, String), growthAtMost limit: Double
    ) {
        self.statement = statement
        self.subject = Case(group: subject.0, name: subject.1)
        self.baseline = Case(group: baseline.0, name: baseline.1)
        self.from = (Case(group: subjectFrom.0, name: subjectFrom.1), Case(group: baselineFrom.0, name: baselineFrom.1))
        self.counted = nil
        self.bound = .growthAtMost(limit)
    }

    /// Every case the goal reads.
    var cases: [Case] {
        [subject] + [baseline].compactMap { $0 } + (from.map { [$0.subject, $0.baseline] } ?? [])
    }

    /// A goal on one case's median time.
    init(_ statement: String, subject: (String, String), within limit: Duration) {
        self.statement = statement
        self.subject = Case(group: subject.0, name: subject.1)
        self.baseline = nil
        self.from = nil
        self.counted = nil
        self.bound = .underNanoseconds(Double(limit.components.seconds) * 1e9 + Double(limit.components.attoseconds) / 1e9)
    }

    /// A goal on counts `subject` reported: the sum of those named `names`, in `unit`, at most `limit`.
    init(_ statement: String, subject: (String, String), counts names: [String], unit: String, atMost limit: Double) {
        self.statement = statement
        self.subject = Case(group: subject.0, name: subject.1)
        self.baseline = nil
        self.from = nil
        self.counted = (names, unit)
        self.bound = .countAtMost(limit)
    }

    /// The goal's verdict on one run's medians (ns per operation), with the measurement as printed.
    enum Verdict: Equatable {
        case met(String)
        case missed(String)
        /// A case did not run (filtered out, or skipped for a missing tool).
        case notMeasured
    }

    /// A ratio goal of two cases of one group, whose rounds were taken in turn, is judged on the
    /// median of the rounds' ratios, pair by pair: a busy moment slows both rounds of a pair and
    /// cancels out, where it would move one case's median alone. Other goals use the medians.
    /// A count goal reads `counts`, what each case reported beside its time.
    func verdict(_ medians: [Case: Double], rounds: [Case: [Double]] = [:], counts: [Case: [String: Double]] = [:]) -> Verdict {
        guard let subjectTime = medians[subject], subjectTime > 0 else { return .notMeasured }
        let baselineTime = baseline.flatMap { medians[$0] }
        switch bound {
        case .atMost(let limit):
            guard let baselineTime, baselineTime > 0 else { return .notMeasured }
            let ratio = pairedRatio(rounds) ?? subjectTime / baselineTime
            return judge(ratio <= limit, String(format: "%.2f×", ratio))
        case .fasterBy(let factor):
            guard let baselineTime, baselineTime > 0 else { return .notMeasured }
            let ratio = pairedRatio(rounds).map { 1 / $0 } ?? baselineTime / subjectTime
            return judge(ratio >= factor, String(format: "%.2f× faster", ratio))
        case .underNanoseconds(let limit):
            return judge(subjectTime <= limit, Self.time(subjectTime))
        case .growthAtMost(let limit):
            guard let baselineTime, let from, let subjectFromTime = medians[from.subject], let baselineFromTime = medians[from.baseline],
                baselineTime > 0, subjectFromTime > 0, baselineFromTime > 0
            else { return .notMeasured }
            let subjectGrowth = subjectTime / subjectFromTime
            let baselineGrowth = baselineTime / baselineFromTime
            let ratio = subjectGrowth / baselineGrowth
            return judge(ratio <= limit, String(format: "%.2f× (grew %.2f× against %.2f×)", ratio, subjectGrowth, baselineGrowth))
        case .countAtMost(let limit):
            guard let counted, let reported = counts[subject] else { return .notMeasured }
            let parts = counted.names.compactMap { name in reported[name].map { (name, $0) } }
            guard parts.count == counted.names.count else { return .notMeasured }
            let total = parts.reduce(0) { $0 + $1.1 }
            let nonzero = parts.filter { $0.1 != 0 }.map { "\($0.0) \(Self.count($0.1))" }
            let detail = counted.names.count > 1 && !nonzero.isEmpty ? " (\(nonzero.joined(separator: ", ")))" : ""
            return judge(total <= limit, "\(Self.count(total)) \(counted.unit)" + detail)
        }
    }

    /// The median of subject round / baseline round over rounds taken in turn, or nil when the
    /// two cases are not of one group or did not run the same number of rounds.
    private func pairedRatio(_ rounds: [Case: [Double]]) -> Double? {
        guard let baseline, baseline.group == subject.group, let mine = rounds[subject], let theirs = rounds[baseline],
            mine.count == theirs.count, !mine.isEmpty, theirs.allSatisfy({ $0 > 0 })
        else { return nil }
        let ratios = zip(mine, theirs).map { $0 / $1 }.sorted()
        return ratios[ratios.count / 2]
    }

    /// The bound as the check prints it.
    var boundText: String {
        switch bound {
        case .atMost(let limit): String(format: "goal ≤ %.2f×", limit)
        case .fasterBy(let factor): String(format: "goal ≥ %.2f× faster", factor)
        case .underNanoseconds(let limit): "goal ≤ \(Self.time(limit))"
        case .growthAtMost(let limit): String(format: "goal ≤ %.2f× the baseline's growth", limit)
        case .countAtMost(let limit): "goal ≤ \(Self.count(limit)) \(counted?.unit ?? "")"
        }
    }

    /// Nanoseconds as the check prints them: `38.2 ns`, `512.0 µs`, `180.3 ms`.
    private static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1e3: String(format: "%.1f ns", nanoseconds)
        case ..<1e6: String(format: "%.1f µs", nanoseconds / 1e3)
        default: String(format: "%.1f ms", nanoseconds / 1e6)
        }
    }

    /// A count as the check prints it: whole numbers without a fraction, others to one place.
    private static func count(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private func judge(_ met: Bool, _ measured: String) -> Verdict {
        met ? .met(measured) : .missed(measured)
    }
}
