extension ClientError {
    /// What an error status means to a caller, whichever of Marvel's body shapes carried it.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// 401 or 403, or code `InvalidCredentials`: the keys, hash or referrer were refused.
        case invalidCredentials
        /// 404: no such resource.
        case notFound
        /// 400 or 409: a parameter is missing, malformed or out of range.
        case invalidParameter
        /// 429, or code `RequestThrottled`: too many calls; try again later.
        case rateLimited
        /// 5xx: the server failed.
        case server
        /// Any other status.
        case other

        /// The kind of an answer with `status` and Marvel's `code` (numeric or textual).
        public init(status: Int, code: String? = nil) {
            switch (status, code) {
            case (_, "InvalidCredentials"), (401, _), (403, _): self = .invalidCredentials
            case (_, "RequestThrottled"), (429, _): self = .rateLimited
            case (404, _): self = .notFound
            case (400, _), (409, _): self = .invalidParameter
            case (500..<600, _): self = .server
            default: self = .other
            }
        }

        /// Whether the same request may succeed later (rate limits and server failures).
        public var isTransient: Bool {
            self == .rateLimited || self == .server
        }
    }

    /// The kind of an `.api` error status; nil for transport failures, time-outs and
    /// unreadable success bodies.
    public var kind: Kind? {
        guard case .api(let status, let code, _, _) = self else { return nil }
        return Kind(status: status, code: code)
    }
}
