import Client
import Foundation
import Testing

/// The client writes each query parameter as `application/x-www-form-urlencoded` readers and
/// RFC 3986 agree on: everything but unreserved characters percent-encoded (UTF-8), a space as
/// `%20`, so a `+`, `&`, `=`, `%` or `#` in a value is data, never syntax.
@Suite struct QueryEncodingTests {
    private let base = URL(string: "http://127.0.0.1:8080")!

    private func query(_ name: String, _ value: String) -> String? {
        Endpoint(path: "/v1/public/characters", query: [QueryParameter(name, value)]).request(baseURL: base).url.query(percentEncoded: true)
    }

    @Test(arguments: [
        ("Iron+Man", "Iron%2BMan"), ("Spider Man", "Spider%20Man"), ("Cloak & Dagger", "Cloak%20%26%20Dagger"),
        ("X=Y", "X%3DY"), ("100% Pure", "100%25%20Pure"), ("%41", "%2541"), ("#1 Fan", "%231%20Fan"),
        ("Who? What/Why", "Who%3F%20What%2FWhy"), ("a:b@c;d,e!f$g'h(i)j*k", "a%3Ab%40c%3Bd%2Ce%21f%24g%27h%28i%29j%2Ak"),
        ("[x]", "%5Bx%5D"), ("Se\u{F1}or", "Se%C3%B1or"), ("\u{1F9B8}", "%F0%9F%A6%B8"), ("-._~Az09", "-._~Az09"),
    ])
    func everyReservedCharacterIsPercentEncoded(value: String, encoded: String) {
        #expect(query("name", value) == "name=\(encoded)")
    }

    @Test func namesAreEncodedLikeValues() {
        #expect(query("a b+c", "1") == "a%20b%2Bc=1")
    }

    @Test func decodingTheQueryAsAFormGivesTheParametersBack() throws {
        let parameters = [QueryParameter("name", "A+B & C=D %41 #x \u{E9}/?"), QueryParameter("limit", 5)]
        let url = Endpoint(path: "/v1/public/characters", query: parameters).request(baseURL: base).url
        let query = try #require(url.query(percentEncoded: true))
        let decoded = query.split(separator: "&").map { pair in
            pair.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "?" }
        }
        #expect(decoded == [["name", "A+B & C=D %41 #x \u{E9}/?"], ["limit", "5"]])
    }
}
