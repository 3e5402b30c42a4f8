/// Why a fixture directory cannot be served.
public enum FixtureError: Error, Equatable, CustomStringConvertible {
    /// The directory does not exist.
    case directoryNotFound(path: String)
    /// The directory holds no `*.json` Marvel wrapper files.
    case noWrapperFiles(path: String)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// A file is not a Marvel `CharacterDataWrapper`.
    case malformed(path: String, reason: String)
    /// The product's own fixtures are missing from its resources.
    case bundleMissing

    /// One line naming the file or folder and what is wrong with it.
    public var description: String {
        switch self {
        case .directoryNotFound(let path): "Fixture directory \(path) does not exist."
        case .noWrapperFiles(let path): "Fixture directory \(path) holds no Marvel wrapper files (*.json)."
        case .unreadable(let path, let reason): "Cannot read fixture \(path): \(reason)"
        case .malformed(let path, let reason): "Fixture \(path) is not a Marvel character wrapper: \(reason)"
        case .bundleMissing: "The bundled fixtures are missing from the DataProviders resources."
        }
    }
}
