import Foundation

/// Ways a database file gets damaged, for tests that check a damaged file is refused and left as it is.
public enum DatabaseDamage: String, CaseIterable, Sendable {
    /// The file cut to half its length.
    case truncated
    /// The file replaced by bytes that are not a database.
    case randomBytes
    /// A directory where the file should be.
    case directory

    /// Damages the database file at `path` (and removes its `-wal` and `-shm` files).
    public func apply(to path: String) throws {
        let manager = FileManager.default
        for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: path + suffix) }
        switch self {
        case .truncated:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        case .randomBytes:
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .directory:
            try? manager.removeItem(atPath: path)
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("inside.txt"))
        }
    }

    /// What is at `path` now, to compare before and after: the file's bytes, or a directory's listing.
    public static func snapshot(of path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return Data() }
        if isDirectory.boolValue {
            return Data(try FileManager.default.contentsOfDirectory(atPath: path).sorted().joined(separator: "\n").utf8)
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
