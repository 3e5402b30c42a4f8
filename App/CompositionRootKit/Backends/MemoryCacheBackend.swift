import Storage

extension CacheBackend {
    /// `--cache memory`: this process only.
    static let memory = CacheBackend(choice: .memory) { _, _ in MemoryCache() }

    /// `--cache none`: nowhere, so every read asks the provider.
    static let none = CacheBackend(choice: .none) { _, _ in DiscardingCache() }
}
