import Redaction
import Testing

@Suite struct RedactionTests {
    @Test(arguments: [
        ("http://user:BASEPW999@127.0.0.1:1/v1/public/characters", "http://***@127.0.0.1:1/v1/public/characters"),
        ("https://:BASEPW999@example.com/", "https://***@example.com/"),
        ("http://BASEPW999@example.com", "http://***@example.com"),
        ("redis://user:Top/Se#cr?e@t@127.0.0.1:-1", "redis://***@127.0.0.1:-1"),
        ("user:BASEPW999@h:1", "***@h:1"),
        ("postgres://u:p%40w@h/db", "postgres://***@h/db"),
    ])
    func userInformationIsDropped(url: String, shown: String) {
        #expect(Redaction.url(url) == shown)
        #expect(!Redaction.url(url).contains("BASEPW999"))
    }

    @Test(arguments: ["http://127.0.0.1:8080/v1/public/characters", "not a url", "", "redis://h:1/0"])
    func textWithoutUserInformationIsKept(text: String) {
        #expect(Redaction.url(text) == text)
    }
}
