import Storage
import StorageTesting
import Testing

@Suite struct CachingContractTests {
    @Test(arguments: CachingContract.Spec.allCases)
    func memoryCache(_ spec: CachingContract.Spec) async throws {
        try await CachingContract.verify(spec) { MemoryCache() }
    }

    @Test(arguments: CachingContract.Spec.allCases)
    func cachingSpy(_ spec: CachingContract.Spec) async throws {
        try await CachingContract.verify(spec) { CachingSpy() }
    }
}
