import Foundation
import HTTP
import HTTPTypes
import HTTPTypesTesting
import Synchronization
import TestSupport
import Testing

@Suite(.onOwnThread) struct LazyHTTPClientTests {
    struct CannotMake: Error {}

    let request = HTTPRequest(url: URL(string: "http://127.0.0.1/v1/public/characters")!)

    @Test func makesTheClientOnTheFirstRequestOnly() async throws {
        let makes = Mutex(0)
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 200), HTTPResponse(statusCode: 204)])
        let lazy = LazyHTTPClient {
            makes.withLock { $0 += 1 }
            return stub
        }
        #expect(!lazy.isLoaded)
        #expect(makes.withLock { $0 } == 0)
        #expect(try await lazy.send(request).statusCode == 200)
        #expect(try await lazy.send(request).statusCode == 204)
        #expect(makes.withLock { $0 } == 1)
        #expect(lazy.isLoaded)
    }

    @Test func aFailedMakeFailsThatRequestAndIsTriedAgain() async throws {
        let attempts = Mutex(0)
        let lazy = LazyHTTPClient {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 { throw CannotMake() }
            return HTTPClientStub(responses: [HTTPResponse(statusCode: 200)])
        }
        await #expect(throws: CannotMake.self) { try await lazy.send(request) }
        #expect(try await lazy.send(request).statusCode == 200)
    }
}
