/// Names of the hidden files an atomic write goes through: `.<final name>.<random>.tmp`, in the
/// final file's directory so the rename stays on one file system.
enum TemporaryFileName {
    static let suffix = ".tmp"

    /// A fresh temporary name for a write that ends as `finalName`.
    static func make(for finalName: String) -> String {
        "." + finalName + "." + String(UInt64.random(in: .min ... .max), radix: 16) + suffix
    }

    /// Whether `name` is a temporary file a write of `finalName`-like files may have left behind.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(suffix)
    }
}
