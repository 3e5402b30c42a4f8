/// A command line the program does not accept; its message names the problem and the fix.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    var description: String {
        "\(message) Run 'CompositionRoot --help' for usage."
    }
}
