import CommandLineKit
import Commands
import Injection

@testable import CompositionRootKit

extension InvocationParser {
    /// `arguments` parsed as the program parses them, with the registered backends and features.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try FeatureAssembly.parse(arguments).invocation
    }
}

extension AppComponents {
    /// Every component of the program for `invocation`, one of the program's own commands.
    static func all(_ configuration: AppConfiguration, invocation: Invocation, console: Console) -> [Component] {
        all(configuration, line: ProgramLine(invocation), console: console)
    }
}
