import Foundation

/// The `swiftc` that compiles the manifests: `$SWIFT_EXEC`, else `xcrun --find swiftc` on macOS
/// or the first `swiftc` on PATH elsewhere; on macOS with the SDK `xcrun` names.
struct SwiftCompiler {
    /// The compiler's path.
    let path: String
    /// Arguments every compilation takes (`-sdk …` on macOS).
    let platformArguments: [String]

    /// The compiler for this machine; throws `Shell.Failure` when there is none, or when
    /// `SWIFT_EXEC` names no program that can be run.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SwiftCompiler {
        if let path = environment["SWIFT_EXEC"] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: path)
            else {
                throw Shell.Failure(
                    description: "SWIFT_EXEC is \(path), which is not a program that can be run; "
                        + "set it to swiftc's path to compile Manifests/, or unset it")
            }
        }
        #if os(macOS)
            let sdk = try xcrun(["--show-sdk-path"])
            let path = try environment["SWIFT_EXEC"] ?? xcrun(["--find", "swiftc"])
            return SwiftCompiler(path: path, platformArguments: ["-sdk", sdk])
        #else
            if let path = environment["SWIFT_EXEC"] { return SwiftCompiler(path: path, platformArguments: []) }
            for directory in (environment["PATH"] ?? "").split(separator: ":") {
                let candidate = "\(directory)/swiftc"
                if FileManager.default.isExecutableFile(atPath: candidate) { return SwiftCompiler(path: candidate, platformArguments: []) }
            }
            throw Shell.Failure(description: "cannot find swiftc on PATH to compile Manifests/; set SWIFT_EXEC to its path")
        #endif
    }

    #if os(macOS)
        private static func xcrun(_ arguments: [String]) throws -> String {
            let output = try Shell.capture(["xcrun"] + arguments, in: URL(fileURLWithPath: "/"))
            guard output.status == 0 else {
                throw Shell.Failure(description: "xcrun \(arguments.joined(separator: " ")) failed: \(output.standardError)")
            }
            return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    #endif

    /// Runs the compiler with `arguments` in `directory`; returns its status and what it printed,
    /// diagnostics in `standardOutput`.
    func compile(_ arguments: [String], in directory: URL) throws -> Shell.Output {
        try Shell.capture([path, "-swift-version", "6"] + platformArguments + arguments, in: directory, mergingErrors: true)
    }
}
