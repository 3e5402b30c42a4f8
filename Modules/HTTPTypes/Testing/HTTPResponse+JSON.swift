import Foundation
import HTTPTypes

extension HTTPResponse {
    /// A response with `json` as its body and a JSON content type.
    public static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }
}
