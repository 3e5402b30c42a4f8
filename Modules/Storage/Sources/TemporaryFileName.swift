import Synchronization

/// Names of the hidden files an atomic write goes through: `.<final name>.<process>-<count>.tmp`,
/// in the final file's directory so the rename stays on one file system.
enum TemporaryFileName {
    static let suffix = ".tmp"
    /// Random once per process (in hex), so two processes never pick the same name.
    private static let process = String(UInt64.random(in: .min ... .max), radix: 16)
    /// This process's writes so far, so two of its writes never pick the same name (and a write
    /// costs no call for random bytes).
    private static let writes = Atomic<UInt64>(0)

    /// A fresh temporary name for a write that ends as `finalName`.
    static func make(for finalName: String) -> String {
        let count = writes.wrappingAdd(1, ordering: .relaxed).newValue
        return "." + finalName + "." + process + "-" + String(count, radix: 16) + suffix
    }

    /// Whether `name` is a temporary file a write of `finalName`-like files may have left behind.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(suffix)
    }
}
