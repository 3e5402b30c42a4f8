import Foundation

/// What a run was measured on, printed above `--check`'s verdicts so quoted figures name it.
enum Machine {
    /// The CPU model from /proc/cpuinfo (`model name`), or `unknown CPU` where there is none.
    static var cpuModel: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    /// One line: CPU model, active cores, load average where known, and the date and time in UTC.
    static var summary: String {
        let formatter = ISO8601DateFormatter()
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map { ", load \($0)" } ?? ""
        return "\(cpuModel), \(ProcessInfo.processInfo.activeProcessorCount) cores\(load), \(formatter.string(from: Date()))"
    }
}
