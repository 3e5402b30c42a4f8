import Client
import Foundation
import Testing

@Suite struct ClientErrorKindTests {
    let url = URL(string: "https://example.com/v1/public/characters")!

    @Test(arguments: [
        (401, "InvalidCredentials", ClientError.Kind.invalidCredentials),
        (401, "401", .invalidCredentials),
        (403, "403", .invalidCredentials),
        (404, "404", .notFound),
        (404, "ResourceNotFound", .notFound),
        (409, "409", .invalidParameter),
        (409, "MissingParameter", .invalidParameter),
        (400, "400", .invalidParameter),
        (429, "429", .rateLimited),
        (429, "RequestThrottled", .rateLimited),
        (500, "500", .server),
        (503, "503", .server),
        (599, "599", .server),
        (405, "405", .other),
        (418, "418", .other),
        (304, "304", .other),
    ])
    func statusAndCodeGiveTheKind(status: Int, code: String, kind: ClientError.Kind) {
        #expect(ClientError.api(status: status, code: code, message: "m", url: url).kind == kind)
        #expect(ClientError.Kind(status: status, code: code) == kind)
    }

    @Test func onlyRateLimitsAndServerFailuresAreTransient() {
        #expect(ClientError.Kind.allCases.filter(\.isTransient) == [.rateLimited, .server])
    }

    @Test func errorsWithoutAnErrorStatusHaveNoKind() {
        #expect(ClientError.timedOut(url: url).kind == nil)
        #expect(ClientError.transport(url: url, reason: "refused").kind == nil)
        #expect(ClientError.malformedBody(status: 200, reason: "empty", url: url).kind == nil)
    }
}
