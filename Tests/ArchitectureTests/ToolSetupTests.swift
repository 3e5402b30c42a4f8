import Foundation
import TestSupport
import Testing

@testable import WorkspaceKit

/// What the tool needs besides the workspace, a compiler and the sources it was built from, each
/// missing in turn: one line saying which file and what to do.
@Suite(.onOwnThread) struct ToolSetupTests {
    @Test func aSwiftExecThatIsNoProgramIsNamed() throws {
        for path in ["/nonexistent/swiftc", "/tmp"] {
            let error = try #require(throws: Shell.Failure.self) {
                try SwiftCompiler.find(environment: ["SWIFT_EXEC": path, "PATH": "/usr/bin:/bin"])
            }
            #expect(
                error.description
                    == "SWIFT_EXEC is \(path), which is not a program that can be run; "
                    + "set it to swiftc's path to compile Manifests/, or unset it")
        }
    }

    /// The tool finds WorkspaceDescription's sources by the path it was built from; a checkout
    /// moved or deleted since says so, instead of "The file doesn't exist".
    @Test func aToolWhoseCheckoutMovedSaysWhereItLookedAndWhatToDo() throws {
        let gone = URL(fileURLWithPath: "/nonexistent/excelsior")
        let error = try #require(throws: Shell.Failure.self) { try DescriptionLibrary(checkout: gone).hash() }
        #expect(
            error.description
                == "cannot find /nonexistent/excelsior/Manifests/WorkspaceDescription, the WorkspaceDescription sources this tool "
                + "was built from; run the tool from its checkout (swift run workspace) or build it again where the checkout now is")
    }
}
