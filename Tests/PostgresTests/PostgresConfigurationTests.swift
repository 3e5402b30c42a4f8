import Testing

@testable import Postgres

/// Reading a database URL, without a server.
@Suite struct PostgresConfigurationTests {
    @Test func aURLNamesItsServerWithoutThePassword() throws {
        let configuration = try PostgresConfiguration(url: "postgres://ann:s3cret@db.example:6543/shop")
        #expect(configuration.target == "ann@db.example:6543/shop")
        #expect(!configuration.target.contains("s3cret"))
    }

    @Test func aSocketDirectoryIsAHost() throws {
        #expect(try PostgresConfiguration(url: "postgres://ann@%2Ftmp%2Fpg/shop").target == "ann@/tmp/pg/shop")
        #expect(try PostgresConfiguration(url: "postgresql://ann@/shop?host=/run/pg").target == "ann@/run/pg/shop")
    }

    @Test(arguments: ["mysql://ann@db/shop", "db.example:5432", "", "host=db dbname=shop"])
    func otherSchemesAreRefused(_ url: String) {
        #expect(throws: PostgresError.self) { try PostgresConfiguration(url: url) }
        #expect((try? PostgresConfiguration(url: url)) == nil)
    }

    @Test func aMalformedURLIsRefusedWithoutItsPassword() {
        do {
            _ = try PostgresConfiguration(url: "postgres://ann:hunter2@db/shop?nonsense=%zz")
            Issue.record("a malformed URL was accepted")
        } catch {
            #expect(error.kind == .invalidURL)
            #expect(!error.description.contains("hunter2"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theURLsServerSettingsGoBetweenOursSoItsTimeOutWinsAndOurTimeZoneStays() throws {
        var configuration = try PostgresConfiguration(url: "postgres://ann@db/shop?options=-c%20statement_timeout%3D250&connect_timeout=9")
        configuration.statementTimeout = .seconds(3)
        let parameters = Dictionary(configuration.connectionParameters, uniquingKeysWith: { $1 })
        #expect(parameters["options"] == "-c statement_timeout=3000 -c statement_timeout=250 -c TimeZone=UTC -c DateStyle=ISO")
        let keywords = configuration.connectionParameters.map(\.0)
        #expect(try #require(keywords.firstIndex(of: "connect_timeout")) < #require(keywords.firstIndex(of: "dbname")))
    }
}
