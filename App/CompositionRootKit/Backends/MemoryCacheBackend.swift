import Commands
import Storage

extension CacheBackend {
    /// `--cache memory`: this process only.
    static let memory = CacheBackend(declaration: BackendDeclaration("memory", summary: "this run only")) { _, _ in MemoryCache() }

    /// `--cache none`: nowhere, so every read asks the provider.
    static let none = CacheBackend(declaration: BackendDeclaration("none", summary: "every read asks the provider")) { _, _ in
        DiscardingCache()
    }
}
