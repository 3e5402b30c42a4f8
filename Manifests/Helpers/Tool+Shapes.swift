// Where the targets that are not modules live: programs and their libraries in `Tools/<name>`,
// tests that span modules in `Tests/<name>`.
import WorkspaceDescription

extension Tool {
    /// A program in `Tools/<name>`; what it prints is the file `generates` names, if any.
    static func program(_ name: String, dependencies: [String], generates: String? = nil) -> Tool {
        .executable(name: name, path: "Tools/\(name)", dependencies: dependencies, generates: generates)
    }

    /// A library of the tools in `Tools/<name>`.
    static func toolLibrary(_ name: String, dependencies: [String]) -> Tool {
        .library(name: name, path: "Tools/\(name)", dependencies: dependencies)
    }

    /// Tests that span modules (integration, architecture, faults) in `Tests/<name>`; `reads`
    /// lists the files and folders outside it that they read at run time.
    static func integrationTests(_ name: String, dependencies: [String], reads: [String] = []) -> Tool {
        .tests(name: name, path: "Tests/\(name)", dependencies: dependencies, reads: reads)
    }
}
