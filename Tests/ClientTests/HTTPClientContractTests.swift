import Client
import ClientTesting
import Testing

/// Both clients that reach real servers meet the same contract.
@Suite struct HTTPClientContractTests {
    @Test(arguments: HTTPClientContract.Spec.allCases)
    func plainHTTPClient(_ spec: HTTPClientContract.Spec) async throws {
        try await HTTPClientContract.verify(spec) { PlainHTTPClient(timeout: $0, maxResponseBytes: $1) }
    }

    @Test(arguments: HTTPClientContract.Spec.allCases)
    func urlSessionHTTPClient(_ spec: HTTPClientContract.Spec) async throws {
        try await HTTPClientContract.verify(spec) { URLSessionHTTPClient(timeout: $0, maxResponseBytes: $1) }
    }
}
