import TestSupport
import Testing

@testable import Postgres

/// Database URLs a hostile or careless user gives: each is refused as `invalidURL` with one line
/// naming the part that is wrong, and never any text of the password.
@Suite(.onOwnThread) struct PostgresHostileURLTests {
    /// A malformed URL, the text that must not be printed, and a word the message must hold.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let secret: String?
        let names: String
        var testDescription: String { names }
    }

    static let malformed = [
        Case(url: "postgres://ex@127.0.0.1:1/exdb?password=sec%ZZret", secret: "ZZret", names: "the password has a bad percent escape"),
        Case(url: "postgres://ex:sec%ZZret@127.0.0.1:1/exdb", secret: "ZZret", names: "the password has a bad percent escape"),
        Case(url: "postgres://ex:Secr3tPart/xyz@h:5432/db", secret: "Secr3tPart", names: "%2F"),
        Case(url: "postgres://ex:TOPSECRET/exdb", secret: "TOPSECRET", names: "the port is not a number"),
        Case(url: "postgres://ex:12?45@h/db", secret: "12?45", names: "%3F"),
        Case(url: "postgres://ex@h:99999/db", secret: nil, names: "the port is not a number from 1 to 65535"),
        Case(url: "postgres://ex@h:abc/db", secret: nil, names: "the port is not a number from 1 to 65535"),
        Case(url: "postgres://ex@h/db?port=0", secret: nil, names: "the port is not a number from 1 to 65535"),
        Case(url: "postgres://ex@h/db?sslmode=bogus", secret: nil, names: "sslmode"),
        Case(url: "postgres://ex@h/db?connect_timeout=abc", secret: nil, names: "connect_timeout"),
        Case(url: "postgres://ex@h/db?connect_timeout=0", secret: nil, names: "connect_timeout"),
        Case(url: "postgres://ex@h/db?no_such_option=1", secret: nil, names: "no_such_option"),
        Case(url: "postgres://ex@h/db?sslmode", secret: nil, names: "has no value"),
        Case(url: "postgresx://ex:pw@h/db", secret: "pw@", names: "postgres://"),
        Case(url: "POSTGRES://ex@h/db", secret: nil, names: "postgres://"),
        Case(url: "postgres://ex@h/db?user=%00x", secret: nil, names: "the user"),
        Case(url: "postgres://ex:pw@[::1/db", secret: "pw@", names: "the host"),
        Case(url: "postgres://ex@h/db?service=foo", secret: nil, names: "the parameter service cannot be given"),
        Case(url: "postgres://ex@h/db?passfile=/etc/shadow", secret: "/etc/shadow", names: "the parameter passfile cannot be given"),
        Case(url: "postgres://ex@h/db?sslkeylogfile=/tmp/keys", secret: "/tmp/keys", names: "the parameter sslkeylogfile cannot be given"),
    ]

    @Test func libpqsOwnTextIsOneLineNamingTheOperationNotTheStatement() {
        let text = "ERROR:  column \"nme\" does not exist\nLINE 1: SELECT id, nme, note FROM favorites\n               ^\n"
        let message = PostgresError.libpqMessage(text, during: "  select id, nme, note FROM favorites")
        #expect(message == "column \"nme\" does not exist (while running SELECT)")
        #expect(PostgresError.libpqMessage("", during: "") == "the server did not answer (while running a statement)")
    }

    @Test(arguments: malformed)
    func aMalformedURLIsAUsageErrorNamingThePartWithoutThePassword(_ given: Case) {
        do {
            let configuration = try PostgresConfiguration(url: given.url)
            Issue.record("accepted as \(configuration.target)")
        } catch {
            #expect(error.kind == .invalidURL)
            #expect(error.message.contains(given.names), "\(error)")
            if let secret = given.secret { #expect(!error.description.contains(secret), "\(error)") }
            #expect(!error.description.contains("\n"))
        }
    }

    /// Settings that change what the bytes of a value mean or how values are written are the
    /// program's: a URL may not give them, as a parameter or in `options`.
    @Test(arguments: [
        ("client_encoding=LATIN1", "client_encoding"),
        ("options=-c%20client_encoding%3DLATIN1", "client_encoding"),
        ("options=-c%20DateStyle%3DSQL", "DateStyle"),
        ("options=-cdatestyle%3DGerman", "DateStyle"),
        ("options=--TimeZone%3DEurope/Paris", "TimeZone"),
        ("options=-c%20IntervalStyle%3Dsql_standard", "IntervalStyle"),
        ("options=-c%20standard_conforming_strings%3Doff", "standard_conforming_strings"),
        ("options=-c%20bytea_output%3Descape", "bytea_output"),
        ("options=-c%20extra_float_digits%3D-15", "extra_float_digits"),
        ("options=--client-encoding%3DSJIS", "client_encoding"),
        ("options=-e", "options"),
        ("replication=database", "replication"),
    ])
    func aSettingTheStoreReliesOnCannotBeGiven(_ query: String, _ name: String) {
        do {
            let configuration = try PostgresConfiguration(url: "postgres://ex:pw@h/db?\(query)")
            Issue.record("accepted as \(configuration.target)")
        } catch {
            #expect(error.kind == .invalidURL)
            #expect(error.message.contains(name), "\(error)")
        }
    }

    /// Settings that change nothing the readers rely on stay the URL's to give.
    @Test(arguments: [
        "options=-c%20search_path%3Dshop", "options=-c%20statement_timeout%3D20s%20-c%20lock_timeout%3D1000",
        "sslmode=disable&application_name=shop", "connect_timeout=7", "options=--work-mem%3D8MB",
    ])
    func otherSettingsAreAccepted(_ query: String) throws {
        #expect(try PostgresConfiguration(url: "postgres://ex:pw@h/db?\(query)").target == "ex@h/db")
    }
}
