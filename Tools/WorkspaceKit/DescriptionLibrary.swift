import Foundation

/// The `WorkspaceDescription` sources the tool was built from, compiled once per version into a
/// module and an object file the manifests are compiled against, under the tool's own
/// `.build/workspace-manifests/description-<hash>/`.
struct DescriptionLibrary {
    /// The folder of the sources: `Manifests/WorkspaceDescription` of the tool's checkout.
    let sources: URL
    /// The folder the compiled versions are kept in.
    let cache: URL

    /// The library of the tool's own checkout.
    init(
        checkout: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    ) {
        sources = checkout.appendingPathComponent("Manifests/WorkspaceDescription")
        cache = checkout.appendingPathComponent(".build/workspace-manifests")
    }

    /// The source files' paths, sorted; throws `Shell.Failure` saying what to do when the
    /// tool's checkout is no longer where it was built.
    func files() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: sources.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Shell.Failure(
                description: "cannot find \(sources.path), the WorkspaceDescription sources this tool was built from; "
                    + "run the tool from its checkout (swift run workspace) or build it again where the checkout now is")
        }
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { sources.appendingPathComponent($0).path }
    }

    /// A hash of the sources' names and bytes.
    func hash() throws -> String {
        var hash = StableHash()
        for file in try files() {
            hash.combine(file)
            hash.combine(try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        return hash.hex
    }

    /// The folder holding `WorkspaceDescription.swiftmodule` and `WorkspaceDescription.o`, compiled
    /// with `compiler` unless this version already is.
    func build(with compiler: SwiftCompiler) throws -> URL {
        let folder = cache.appendingPathComponent("description-\(try hash())")
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("WorkspaceDescription.o").path) { return folder }
        let scratch = try ScratchFolders.make(in: cache, prefix: "description-build-", root: nil)
        defer { ScratchFolders.remove(scratch) }
        let compiled = try compiler.compile(
            ["-parse-as-library", "-module-name", "WorkspaceDescription", "-wmo", "-emit-module"]
                + ["-emit-module-path", scratch.appendingPathComponent("WorkspaceDescription.swiftmodule").path]
                + ["-c", "-o", scratch.appendingPathComponent("WorkspaceDescription.o").path] + (try files()),
            in: cache)
        guard compiled.status == 0 else {
            throw Shell.Failure(description: "cannot compile WorkspaceDescription (\(sources.path)):\n\(compiled.standardOutput)")
        }
        // Another process may have finished first: either copy will do.
        try? FileManager.default.moveItem(at: scratch, to: folder)
        return folder
    }
}
