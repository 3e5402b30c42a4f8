/// A Marvel error body in either of its shapes:
/// `{"code": 409, "status": "…"}` or `{"code": "InvalidCredentials", "message": "…"}`.
public struct MarvelErrorBody: Decodable, Sendable, Equatable {
    /// The code as text: `"409"` or `"InvalidCredentials"`.
    public let code: String
    /// The message, from `status` or `message`.
    public let message: String

    /// An error body with the given parts.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    private enum CodingKeys: String, CodingKey {
        case code, status, message
    }

    /// Reads `code` as a number or a string, and the `message`, else the `status`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .code) {
            code = String(number)
        } else {
            code = try container.decode(String.self, forKey: .code)
        }
        guard
            let text = try container.decodeIfPresent(String.self, forKey: .message)
                ?? container.decodeIfPresent(String.self, forKey: .status)
        else {
            throw DecodingError.keyNotFound(
                CodingKeys.message,
                .init(codingPath: [], debugDescription: "A Marvel error body has a 'status' or a 'message'.")
            )
        }
        message = text
    }
}
