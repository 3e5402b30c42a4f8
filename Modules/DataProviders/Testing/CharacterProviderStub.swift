import DataProviders
import Synchronization

/// A `CharacterProviding` double: answers each call with the next queued result for its kind,
/// or from its fallback provider once that queue is empty, and records every call (a stub and
/// a spy in one).
public final class CharacterProviderStub: CharacterProviding {
    /// One call the stub received.
    public enum Call: Equatable, Sendable {
        case characters(offset: Int, limit: Int, query: CharacterQuery)
        case character(id: Int)
    }

    /// Thrown when a call arrives after its queue ran out.
    public struct QueueExhausted: Error, Equatable {
        /// The call that found its queue empty.
        public let call: Call
    }

    private struct State {
        var pages: [Result<CharacterPage, any Error>]
        var characters: [Result<Character, any Error>]
        var calls: [Call] = []
    }

    private let state: Mutex<State>
    private let fallback: (any CharacterProviding)?

    /// A stub answering listing calls with `pages` and detail calls with `characters`, in order,
    /// then through `fallback`; without one, a call finding its queue empty throws `QueueExhausted`.
    public init(
        pages: [Result<CharacterPage, any Error>] = [],
        characters: [Result<Character, any Error>] = [],
        fallback: (any CharacterProviding)? = nil
    ) {
        state = Mutex(State(pages: pages, characters: characters))
        self.fallback = fallback
    }

    /// A spy serving `characters` as `InMemoryCharacterProvider` does, recording every call.
    public convenience init(serving characters: [Character]) {
        self.init(fallback: InMemoryCharacterProvider(characters))
    }

    /// Every call so far, in order.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// The next queued page or error, else the fallback's answer; records the call either way.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage {
        let call = Call.characters(offset: offset, limit: limit, query: query)
        let next: Result<CharacterPage, any Error>? = state.withLock { state in
            state.calls.append(call)
            return state.pages.isEmpty ? nil : state.pages.removeFirst()
        }
        if let next { return try next.get() }
        guard let fallback else { throw QueueExhausted(call: call) }
        return try await fallback.characters(offset: offset, limit: limit, query: query)
    }

    /// The next queued character or error, else the fallback's answer; records the call either way.
    public func character(by id: Int) async throws -> Character {
        let call = Call.character(id: id)
        let next: Result<Character, any Error>? = state.withLock { state in
            state.calls.append(call)
            return state.characters.isEmpty ? nil : state.characters.removeFirst()
        }
        if let next { return try next.get() }
        guard let fallback else { throw QueueExhausted(call: call) }
        return try await fallback.character(by: id)
    }
}
