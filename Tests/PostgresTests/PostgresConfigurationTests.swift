import TestSupport
import Testing

@testable import Postgres

/// Reading a database URL, without a server.
@Suite(.onOwnThread) struct PostgresConfigurationTests {
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
        var configuration = try PostgresConfiguration(
            url: "postgres://ann:pw@db/shop?options=-c%20statement_timeout%3D250&connect_timeout=9")
        configuration.statementTimeout = .seconds(3)
        let parameters = Dictionary(configuration.connectionParameters, uniquingKeysWith: { $1 })
        #expect(
            parameters["options"]
                == "-c statement_timeout=3000 -c statement_timeout=250 -c TimeZone=UTC -c DateStyle=ISO -c IntervalStyle=postgres"
                + " -c standard_conforming_strings=on -c bytea_output=hex -c extra_float_digits=1")
        #expect(parameters["connect_timeout"] == "9")
        #expect(
            parameters["password"] == "pw" && parameters["user"] == "ann" && parameters["host"] == "db" && parameters["dbname"] == "shop")
        #expect(parameters["client_encoding"] == "UTF8")
        #expect(configuration.connectionParameters.count == parameters.count, "a keyword given twice")
    }

    /// The parts are passed one keyword each, never as a URL libpq would read (and could quote).
    @Test func thePartsArePercentDecodedAndPassedOneByOne() throws {
        let configuration = try PostgresConfiguration(
            url: "postgresql://ann%40shop:p%2Fw%3Ad@[::1]:6543,%2Frun%2Fpg:5433/sh%20op?sslmode=require&application_name=till")
        #expect(configuration.target == "ann@shop@::1,/run/pg:6543,5433/sh op")
        let parameters = Dictionary(configuration.connectionParameters, uniquingKeysWith: { $1 })
        #expect(parameters["password"] == "p/w:d" && parameters["host"] == "::1,/run/pg" && parameters["port"] == "6543,5433")
        #expect(parameters["sslmode"] == "require" && parameters["application_name"] == "till")
        #expect(!configuration.connectionParameters.contains { $0.1.contains("://") })
    }

    @Test func theStatementTimeOutInForceIsTheURLs() throws {
        var configuration = try PostgresConfiguration(url: "postgres://ex@h/db?options=-c%20statement_timeout%3D20000")
        configuration.statementTimeout = .seconds(3)
        configuration.connectTimeout = .seconds(4)
        #expect(configuration.statementTimeoutInForce == .seconds(20))
        #expect(configuration.answerTimeout == .seconds(24))
        let minutes = try PostgresConfiguration(url: "postgres://ex@h/db?options=-c%20statement_timeout%3D2min&connect_timeout=7")
        #expect(minutes.statementTimeoutInForce == .seconds(120) && minutes.answerTimeout == .seconds(127))
        let spelled = try PostgresConfiguration(url: "postgres://ex@h/db?options=--statement-timeout%3D1.5s")
        #expect(spelled.statementTimeoutInForce == .milliseconds(1500))
        #expect(try PostgresConfiguration(url: "postgres://ex@h/db").answerTimeout == .seconds(10))
    }

    @Test(arguments: ["0", "abc", "-5", "10parsecs", "99999999999999999999", "0.1us"])
    func aStatementTimeOutThatIsNoneOrNotATimeIsRefused(_ value: String) {
        #expect(throws: PostgresError.self) {
            try PostgresConfiguration(url: "postgres://ex@h/db?options=-c%20statement_timeout%3D\(value)")
        }
    }
}
