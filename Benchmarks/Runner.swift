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
    }

    var rounds = 7

    func run(_ benchmarks: [Benchmark]) throws -> [Result] {
        var medians: [(Benchmark, Double, Double)] = []
        for benchmark in benchmarks {
            var samples: [Double] = []
            if let selfTimed = benchmark.selfTimed {
                guard let own = try selfTimed(), !own.isEmpty else { continue }
                samples = own
            } else {
                try benchmark.body(max(1, benchmark.operationsPerRound / 10))
                for _ in 0..<rounds {
                    let start = ContinuousClock.now
                    try benchmark.body(benchmark.operationsPerRound)
                    let elapsed = ContinuousClock.now - start
                    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
                    samples.append(nanoseconds / Double(benchmark.operationsPerRound))
                }
            }
            samples.sort()
            let median = samples[samples.count / 2]
            let spread = median > 0 ? (samples[samples.count - 1] - samples[0]) / median * 100 : 0
            medians.append((benchmark, median, spread))
        }
        return medians.map { benchmark, median, spread in
            let floor = medians.first { $0.0.group == benchmark.group && $0.0.role == .floor }?.1
            let peer = medians.first { $0.0.group == benchmark.group && $0.0.role == .peer }?.1
            return Result(
                group: benchmark.group,
                name: benchmark.name,
                role: benchmark.role,
                medianNanosecondsPerOperation: median,
                spreadPercent: spread,
                ratioToFloor: floor.flatMap { $0 > 0 && benchmark.role != .floor ? median / $0 : nil },
                ratioToPeer: peer.flatMap { $0 > 0 && benchmark.role == .subject ? median / $0 : nil }
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
