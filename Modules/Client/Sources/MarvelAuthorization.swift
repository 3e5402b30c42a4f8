/// Signs Marvel API requests: `ts`, `apikey` and `hash = md5(ts + privateKey + publicKey)`.
public struct MarvelAuthorization: Sendable {
    /// The public key, sent as `apikey`.
    public let publicKey: String
    private let privateKey: String

    /// Signs with the given key pair.
    public init(publicKey: String, privateKey: String) {
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    /// The three query parameters that sign a request made at `timestamp`.
    public func parameters(timestamp: String) -> [QueryParameter] {
        [
            QueryParameter("ts", timestamp),
            QueryParameter("apikey", publicKey),
            QueryParameter("hash", MD5.hex(timestamp + privateKey + publicKey)),
        ]
    }
}
