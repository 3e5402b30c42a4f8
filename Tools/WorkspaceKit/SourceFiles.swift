import Foundation

/// Lists Swift files under a folder.
enum SourceFiles {
    struct File {
        let url: URL
        /// The path below the folder listed.
        let relativePath: String
    }

    /// Every `.swift` file below `directory`, skipping top-level folders named in `excluding`.
    static func swiftFiles(in directory: URL, excluding: Set<String>) -> [File] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [File] = []
        while let path = enumerator.nextObject() as? String {
            if let top = path.split(separator: "/").first, excluding.contains(String(top)) { continue }
            if path.hasSuffix(".swift") {
                files.append(File(url: directory.appendingPathComponent(path), relativePath: path))
            }
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }
}
