import CommandLineKit
import Commands

@testable import CompositionRootKit

extension InvocationParser {
    /// `arguments` parsed as the program parses them, with the registered backends.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try parse(arguments, backends: .registered)
    }
}
