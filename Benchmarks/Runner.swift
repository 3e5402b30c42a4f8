import Foundation

/// Runs benchmarks with a warm-up and several rounds, and reports medians, spreads and ratios.
struct Runner {
    struct Result: Codable {
        let group: String
        let name: String
        let role: Benchmark.Role
        let medianNanosecondsPerOperation: Double
        let spreadPercent: Double
        let ratioToFloor: Double?
        /// The subject's time over its group's peer's (below 1: the subject is faster).
        let ratioToPeer: Double?
        /// Each round's ns per operation, in the order taken (a round of each case of the group in
        /// turn), so that two cases' rounds can be compared pair by pair.
        let rounds: [Double]
        /// What the case counted beside its time, by name (nil for a case that counts nothing).
        let counts: [String: Double]?
    }

    var rounds = 11

    /// Runs every case: a warm-up, then `rounds` rounds taken in turn with the other cases of its
    /// group (floor, subject, peer, floor, subject, peer, …), so that a ratio compares rounds of
    /// the same moments, not a quiet minute of one case with a busy minute of the other.
    func run(_ benchmarks: [Benchmark]) throws -> [Result] {
        var samples: [[Double]] = Array(repeating: [], count: benchmarks.count)
        var counts: [[String: Double]] = Array(repeating: [:], count: benchmarks.count)
        var groups: [String: [Int]] = [:]
        var groupOrder: [String] = []
        for (index, benchmark) in benchmarks.enumerated() {
            if groups[benchmark.group] == nil { groupOrder.append(benchmark.group) }
            groups[benchmark.group, default: []].append(index)
        }
        for group in groupOrder {
            var timed: [Int] = []
            for index in groups[group] ?? [] {
                let benchmark = benchmarks[index]
                if let selfTimed = benchmark.selfTimed {
                    let measured = try selfTimed()
                    samples[index] = measured?.rounds ?? []
                    counts[index] = measured?.counts ?? [:]
                } else {
                    try benchmark.body(max(1, benchmark.operationsPerRound / 10))
                    timed.append(index)
                }
            }
            for _ in 0..<rounds {
                for index in timed {
                    let benchmark = benchmarks[index]
                    let start = ContinuousClock.now
                    try benchmark.body(benchmark.operationsPerRound)
                    let elapsed = ContinuousClock.now - start
                    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
                    samples[index].append(nanoseconds / Double(benchmark.operationsPerRound))
                }
            }
        }
        var medians: [(Benchmark, Double, Double, [Double], [String: Double])] = []
        for (index, benchmark) in benchmarks.enumerated() where !samples[index].isEmpty {
            let own = samples[index]
            let sorted = own.sorted()
            let median = sorted[sorted.count / 2]
            let spread = median > 0 ? (sorted[sorted.count - 1] - sorted[0]) / median * 100 : 0
            medians.append((benchmark, median, spread, own, counts[index]))
        }
        return medians.map { benchmark, median, spread, own, counted in
            let floor = medians.first { $0.0.group == benchmark.group && $0.0.role == .floor }?.1
            let peer = medians.first { $0.0.group == benchmark.group && $0.0.role == .peer }?.1
            return Result(
                group: benchmark.group,
                name: benchmark.name,
                role: benchmark.role,
                medianNanosecondsPerOperation: median,
                spreadPercent: spread,
                ratioToFloor: floor.flatMap { $0 > 0 && benchmark.role != .floor ? median / $0 : nil },
                ratioToPeer: peer.flatMap { $0 > 0 && benchmark.role == .subject ? median / $0 : nil },
                rounds: own,
                counts: counted.isEmpty ? nil : counted
            )
        }
    }

    static func table(_ results: [Result]) -> String {
        var lines = [
            pad("group", 24) + pad("case", 40) + pad("ns/op", 12, left: true) + pad("spread", 9, left: true) + "  vs floor  vs peer"
        ]
        for result in results {
            let ratio = result.ratioToFloor.map { String(format: "%.2f×", $0) } ?? (result.role == .floor ? "floor" : "")
            let peerRatio = result.ratioToPeer.map { String(format: "%.3f×", $0) } ?? (result.role == .peer ? "peer" : "")
            lines.append(
                pad(result.group, 24) + pad(result.name, 40)
                    + pad(String(format: "%.1f", result.medianNanosecondsPerOperation), 12, left: true)
                    + pad(String(format: "±%.0f%%", result.spreadPercent / 2), 9, left: true) + "  " + pad(ratio, 8) + "  " + peerRatio)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
