import DataProviders
import Synchronization

/// A `CharacterProviding` double that holds every call at a gate until `open()`, then answers
/// it through another provider (typically a `CharacterProviderStub`). It counts the calls that
/// reached it, so a test can have many requests in flight before any is answered.
public final class GatedCharacterProvider: CharacterProviding {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let answering: any CharacterProviding

    /// A closed gate in front of `provider`.
    public init(answering provider: any CharacterProviding) {
        self.answering = provider
    }

    /// How many calls have reached the gate, held or let through.
    public var arrivals: Int {
        state.withLock { $0.arrivals }
    }

    /// Lets every held call through, and every later call straight through.
    public func open() {
        let held = state.withLock { state in
            state.isOpen = true
            let held = state.held
            state.held = []
            return held
        }
        for call in held { call.resume() }
    }

    /// The answering provider's page, once the gate lets the call through.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage {
        await pass()
        return try await answering.characters(offset: offset, limit: limit, query: query)
    }

    /// The answering provider's character, once the gate lets the call through.
    public func character(by id: Int) async throws -> Character {
        await pass()
        return try await answering.character(by: id)
    }

    /// Returns once the gate is open.
    private func pass() async {
        await withCheckedContinuation { (call: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                state.arrivals += 1
                if !state.isOpen { state.held.append(call) }
                return state.isOpen
            }
            if isOpen { call.resume() }
        }
    }
}
