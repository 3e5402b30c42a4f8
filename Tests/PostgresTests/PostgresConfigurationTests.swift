import Postgres
import Testing

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
}
