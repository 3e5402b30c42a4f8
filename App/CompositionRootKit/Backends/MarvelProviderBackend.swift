import Client
import CommandLineKit
import Commands
import HTTP
import HTTPTypes

extension ProviderBackend {
    /// `--provider marvel`: a Marvel API server with the keys in the environment; a plain socket
    /// for `http://` (it never inflates, so 8 MiB bounds memory too) or URLSession for
    /// `https://`, with retries and ETags, the whole call within `--timeout`.
    static let marvel = ProviderBackend(
        choice: .marvel,
        configure: { configuration, _, environment throws(UsageError) in
            guard let publicKey = environment["MARVEL_PUBLIC_KEY"], !publicKey.isEmpty,
                let privateKey = environment["MARVEL_PRIVATE_KEY"], !privateKey.isEmpty
            else {
                throw UsageError(message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables.")
            }
            configuration.settings[MarvelAuthorization.self] = MarvelAuthorization(publicKey: publicKey, privateKey: privateKey)
        },
        http: { configuration in
            let idle = min(10, configuration.timeout / .seconds(1))
            let transport: any HTTPClient =
                configuration.baseURL.scheme?.lowercased() == "http"
                ? PlainHTTPClient(timeout: idle) : URLSessionHTTPClient(timeout: idle)
            let network = ETagHTTPClient(transport)
            let retrying = RetryingHTTPClient(network, policy: RetryPolicy(maxRetries: 2, initialDelay: .milliseconds(200)))
            return DeadlineHTTPClient(retrying, limit: configuration.timeout)
        })
}
