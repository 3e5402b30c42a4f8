import HTTP

extension ProviderBackend {
    /// `--provider fixture`: the in-process Marvel API emulator, which loads its fixtures only
    /// when a request needs them.
    static let fixture = ProviderBackend(choice: .fixture) { configuration in
        LazyHTTPClient { try configuration.makeEmulator() }
    }
}
