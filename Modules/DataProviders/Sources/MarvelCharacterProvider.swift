import Client

/// Characters from a Marvel API server (the real one, `serve`, or the in-process emulator).
public struct MarvelCharacterProvider: CharacterProviding {
    private let api: MarvelAPIClient

    /// A provider calling the API through `api`.
    public init(api: MarvelAPIClient) {
        self.api = api
    }

    public func characters(offset: Int, limit: Int, nameStartsWith: String?) async throws -> CharacterPage {
        let endpoint = Endpoint.characters(offset: offset, limit: limit, nameStartsWith: nameStartsWith)
        let data = try await fetch(endpoint, notFoundID: nil).data
        return CharacterPage(
            offset: data.offset,
            limit: data.limit,
            total: data.total,
            count: data.count,
            results: try data.results.map { try $0.character() }
        )
    }

    public func character(by id: Int) async throws -> Character {
        let results = try await fetch(.character(id: id), notFoundID: id).data.results
        guard let first = results.first else { throw ProviderError.notFound(id: id) }
        return try first.character()
    }

    private func fetch(_ endpoint: Endpoint, notFoundID: Int?) async throws -> MarvelDataWrapper<MarvelCharacterDTO> {
        do {
            return try await api.get(endpoint, as: MarvelCharacterDTO.self)
        } catch let error as ClientError {
            throw Self.providerError(for: error, notFoundID: notFoundID)
        }
    }

    static func providerError(for error: ClientError, notFoundID: Int?) -> ProviderError {
        switch error {
        case .api(let status, _, _, _) where status == 404 && notFoundID != nil:
            return .notFound(id: notFoundID ?? 0)
        case .api(let status, _, let message, _) where status == 409 || status == 400:
            return .invalidRequest(message)
        case .api(let status, _, _, _) where (400..<500).contains(status) && status != 429:
            return .invalidRequest(error.description)
        case .malformedBody:
            return .badData(error.description)
        case .api, .transport, .timedOut:
            return .unavailable(error.description)
        }
    }
}
