import Foundation

/// How long the manifests' program may run before the tool kills it: 60 s, or the seconds
/// `EXCELSIOR_MANIFEST_TIMEOUT` gives.
struct ManifestTimeout: Equatable {
    /// The environment variable that sets the bound, in seconds.
    static let variable = "EXCELSIOR_MANIFEST_TIMEOUT"
    /// The bound when the variable is not set.
    static let standard = ManifestTimeout(seconds: 60)

    /// The bound in seconds, above 0.
    let seconds: Double

    /// The bound `environment` sets, or the standard one; throws `UsageError` for a value that
    /// is not plain decimal seconds (`120`, `2.5`) above 0 and at most a day.
    static func from(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ManifestTimeout {
        guard let text = environment[variable] else { return standard }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let plain =
            !text.isEmpty && parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
        guard plain, let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw UsageError(
                "\(variable) must be a number of seconds above 0 and at most 86400, such as 120 or 2.5, not '\(TerminalText.shown(text))'.")
        }
        return ManifestTimeout(seconds: seconds)
    }

    /// The bound as the program's own last resort, `alarm`'s whole seconds: a little after the
    /// tool's, which kills it first.
    var alarmSeconds: Int {
        Int(seconds.rounded(.up)) + 5
    }

    /// "60 s", "2.5 s".
    var description: String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
