import CommandLineKit
import Commands
import Injection

/// One feature as the program assembles it (as essential-feed's composers): the components of its
/// objects, and its commands, each read into the builder of what runs.
public struct FeatureAssembly: Sendable {
    /// Builds the command a command line asked for, from the container's objects, writing on the
    /// console.
    public typealias Build = @Sendable (AsyncResolver, Console) async throws -> any ProgramCommand

    /// The feature's objects: its service and what only it needs.
    let components: [Component]
    /// The feature's commands, declared for the registered backends.
    let commands: @Sendable (ProgramBackends) -> [FeatureCommand<Build>]

    /// A feature of `components` and `commands`.
    init(components: [Component] = [], commands: @escaping @Sendable (ProgramBackends) -> [FeatureCommand<Build>]) {
        self.components = components
        self.commands = commands
    }

    /// Every feature of the program, in the order the help lists their commands (the first
    /// command runs when none is named): a new feature is a file in Features/ and its entry here.
    static let all: [FeatureAssembly] = [.browse, .app, .favorites]

    /// Every command of the program, for the registered backends.
    public static var commands: [FeatureCommand<Build>] { all.flatMap { $0.commands(.registered) } }

    /// Parses the program's arguments (without its name) into the line of the command they name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ProgramLine<Build> {
        try InvocationParser.parse(arguments, backends: .registered, commands: commands)
    }
}
