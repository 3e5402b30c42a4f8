import Foundation

extension FileMover {
    /// The files a move carries, each from where it is to where it goes, checked before anything
    /// is touched.
    struct Plan {
        /// The target every file comes from.
        let source: Place
        /// Each file's path and new path, relative to the workspace.
        let files: [(from: String, to: String)]
    }

    /// The plan for moving `paths` to `target`; throws `ScaffoldError` for a path that does not
    /// exist, lies outside the workspace or a target's folder, goes through a symbolic link, is
    /// named twice, or whose new place is taken.
    func plan(_ paths: [String], to target: Place) throws -> Plan {
        let resolver = WorkspacePaths(root: root)
        var files: [(path: String, inFolder: Bool)] = []
        for path in paths { files += try swiftFiles(try resolver.existing(path), resolver: resolver) }
        guard let first = files.first else { throw ScaffoldError(description: "move needs at least one Swift file or folder") }
        let source = try owner(of: first.path)
        var seen = Set<String>()
        for file in files {
            guard try owner(of: file.path) == source else {
                throw ScaffoldError(description: "\(file.path) is not in \(source.target): move one target's files at a time")
            }
            guard seen.insert(file.path).inserted else { throw ScaffoldError(description: "\(file.path) is named more than once") }
        }
        guard source != target else { throw ScaffoldError(description: "the files are already in \(target.target)") }
        var planned: [(from: String, to: String)] = []
        var destinations: [String: String] = [:]
        for file in files {
            let relative = String(file.path.dropFirst(source.directory.count + 1))
            let destination = target.directory + "/" + (file.inFolder ? relative : (relative as NSString).lastPathComponent)
            if let other = destinations.updateValue(file.path, forKey: destination) {
                throw ScaffoldError(description: "\(other) and \(file.path) would both move to \(destination)")
            }
            guard !FileManager.default.fileExists(atPath: url(destination).path) else {
                throw ScaffoldError(description: "\(destination) already exists")
            }
            try resolver.checkCreatable(destination)
            planned.append((file.path, destination))
        }
        return Plan(source: source, files: planned)
    }

    /// The Swift files `path` (resolved) names: itself, or every one below it when it is a folder,
    /// each checked as the path itself is.
    private func swiftFiles(_ path: String, resolver: WorkspacePaths) throws -> [(path: String, inFolder: Bool)] {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else {
            guard path.hasSuffix(".swift") else { throw ScaffoldError(description: "\(path) is not a Swift file") }
            return [(path, false)]
        }
        return try SourceFiles.swiftFiles(in: url(path), excluding: []).map { (try resolver.existing(path + "/" + $0.relativePath), true) }
    }
}
