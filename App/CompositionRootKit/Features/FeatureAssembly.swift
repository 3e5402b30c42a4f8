import CommandLineKit
import Commands
import Injection

/// One feature as the program assembles it (as essential-feed's composers): the components of its
/// objects, and its command, read into the builder of what runs.
public struct FeatureAssembly: Sendable {
    /// Builds the command a feature's command line asked for, from the container's objects,
    /// writing on the console.
    public typealias Build = @Sendable (AsyncResolver, Console) async throws -> any ProgramCommand

    /// The feature's objects: its service and what only it needs.
    let components: Component
    /// The feature's command, declared for the registered backends.
    let command: @Sendable (ProgramBackends) -> FeatureCommand<Build>

    /// Every feature of the program, in the order the help lists them: a new feature is a file
    /// in Features/ and its entry here.
    static let all: [FeatureAssembly] = [.favorites]

    /// Every feature's command, for the registered backends.
    public static var commands: [FeatureCommand<Build>] { all.map { $0.command(.registered) } }

    /// Parses the program's arguments (without its name): its own commands and every feature's.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ProgramLine<Build> {
        try InvocationParser.parse(arguments, backends: .registered, features: commands)
    }
}
