/// Why a provider could not answer, in the terms the rest of the product acts on.
public enum ProviderError: Error, Equatable, CustomStringConvertible {
    /// No character has this id.
    case notFound(id: Int)
    /// The request was refused as invalid; the message says why.
    case invalidRequest(String)
    /// The source could not be reached or failed; a cached answer may stand in.
    case unavailable(String)
    /// The source answered with data that cannot be read.
    case badData(String)

    /// One line saying what failed, for a person.
    public var description: String {
        switch self {
        case .notFound(let id): "No character has id \(id)."
        case .invalidRequest(let message): "Invalid request: \(message)"
        case .unavailable(let reason): "The character source is unavailable: \(reason)"
        case .badData(let reason): "The character source sent bad data: \(reason)"
        }
    }
}
