// A composition root in top-level code, as a team's `main.swift` writes it: the spelling the
// README teaches resolves async builders here. InjectionUsageTests builds and runs it.
import Injection

/// A pool that connects asynchronously.
struct Pool: Sendable {
    let url: String

    static func connect(url: String) async throws -> Pool {
        try await Task.sleep(for: .milliseconds(10))
        return Pool(url: url)
    }
}

/// Something built from the pool, synchronously.
struct Repository: Sendable {
    let pool: Pool
}

let container = try Container(
    Component {
        single(name: "url") { "postgres://localhost/app" }
        single { try await Pool.connect(url: $0(name: "url")) }
        factory { Repository(pool: try await $0()) }
    })
try await container.async.verify()
let pool: Pool = try await container.async.resolve()
async let repository: Repository = container.async.resolve()
print("pool \(pool.url); repository \(try await repository.pool.url)")
