import Foundation

/// The values the storage, repository and Redis cases store, and the helpers they share. The cases
/// themselves are in `MemoryCacheBenchmarks` and `DiskCacheBenchmarks`.
enum StorageBenchmarks {

    struct Hero: Codable, Sendable, Identifiable {
        let id: Int
        let name: String
    }

    /// A value shaped like a Marvel character (about half a kilobyte of JSON).
    struct Profile: Codable, Sendable, Identifiable {
        let id: Int
        let name: String
        let description: String
        let thumbnail: String
        let comics: [String]
        let modified: Date

        static func sample(_ id: Int) -> Profile {
            Profile(
                id: id, name: "Character \(id)",
                description: String(repeating: "A hero of the benchmark, tireless and fair. ", count: 5),
                thumbnail: "https://i.annihil.us/u/prod/marvel/i/mg/\(id)/portrait_xlarge.jpg",
                comics: (0..<5).map { "Comic #\(id * 10 + $0)" },
                modified: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)))
        }
    }
}

/// A value built on first use, so fixtures of cases a filter leaves out are never built.
final class Lazy<Value> {
    private let make: () throws -> Value
    private var made: Value?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func get() throws -> Value {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}

/// A fresh directory for this run's files, removed when the program exits.
func benchmarkDirectory() -> URL {
    URL(fileURLWithPath: benchmarkDirectoryPath)
}

let benchmarkDirectoryPath: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-benchmarks-\(getpid())").path
    atexit { try? FileManager.default.removeItem(atPath: benchmarkDirectoryPath) }
    return path
}()
