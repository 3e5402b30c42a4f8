import Client
import DataProviders

/// Characters from a Marvel API server (the real one, `serve`, or the in-process emulator).
public struct MarvelCharacterProvider: CharacterProviding {
    private let api: MarvelAPIClient

    /// A provider calling the API through `api`.
    public init(api: MarvelAPIClient) {
        self.api = api
    }

    /// The page the server's characters endpoint answers for `query`'s parameters.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage {
        let endpoint = Endpoint.characters(
            offset: offset, limit: limit, filters: query.parameters.map { QueryParameter($0.name, $0.value) })
        let data = try await fetch(endpoint, notFoundID: nil).data
        return CharacterPage(
            offset: data.offset,
            limit: data.limit,
            total: data.total,
            count: data.count,
            results: try data.results.map { try $0.character() }
        )
    }

    /// The character with `id`; throws `ProviderError.notFound`, or `.badData` when the server
    /// answers with another character (which must never be cached under `id`).
    public func character(by id: Int) async throws -> Character {
        let results = try await fetch(.character(id: id), notFoundID: id).data.results
        guard let first = results.first else { throw ProviderError.notFound(id: id) }
        let character = try first.character()
        guard character.id == id else {
            throw ProviderError.badData("asked for character \(id), the server answered with character \(character.id)")
        }
        return character
    }

    private func fetch(_ endpoint: Endpoint, notFoundID: Int?) async throws -> MarvelDataWrapper<MarvelCharacterDTO> {
        do {
            return try await api.get(endpoint, as: MarvelCharacterDTO.self)
        } catch let error as ClientError {
            throw Self.providerError(for: error, notFoundID: notFoundID)
        }
    }

    /// The provider error for a client error: a 404 for a character with Marvel's own "no such
    /// character" body (code 404) is `notFound`; any other 404 means the path does not exist on
    /// that server (a wrong base URL), which with refused parameters and keys is `invalidRequest`;
    /// unreadable or oversized answers are `badData`; and rate limits, server failures, transport
    /// failures and time-outs are `unavailable`.
    static func providerError(for error: ClientError, notFoundID: Int?) -> ProviderError {
        switch error {
        case .malformedBody, .responseTooLarge:
            return .badData(error.description)
        case .transport, .timedOut:
            return .unavailable(error.description)
        case .api(let status, let code, let message, _):
            switch ClientError.Kind(status: status, code: code) {
            case .notFound:
                guard let id = notFoundID, code == "404" else {
                    return .invalidRequest("\(error.description) (is the base URL right?)")
                }
                return .notFound(id: id)
            case .invalidParameter:
                return .invalidRequest(message)
            case .invalidCredentials:
                let answer = code.isEmpty ? "\(status)" : "\(status) \(code)"
                return .invalidRequest("the Marvel API refused the keys (\(answer): \(message)); check the public and private keys")
            case .rateLimited, .server:
                return .unavailable(error.description)
            case .other:
                return (400..<500).contains(status) ? .invalidRequest(error.description) : .unavailable(error.description)
            }
        }
    }
}
