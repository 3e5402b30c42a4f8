/// A command line the tool refuses beyond what `WorkspaceDeclarations` checks: a missing `--to`, a `--base` git does not know.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
