import Foundation

/// What the system's process table says of a process.
enum ProcessTable {
    /// Whether `pid` is gone (or a zombie no one has reaped yet) within `limit`.
    static func ends(_ pid: Int32, within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if !isAlive(pid) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !isAlive(pid)
    }

    /// The processes whose command line holds `text`.
    static func naming(_ text: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
            FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
        }
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
            // A zombie answers kill(0) until its new parent reaps it; its state letter is Z.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return false }
            return stat[afterName.upperBound...].first != "Z"
        #else
            return true
        #endif
    }
}
