import Foundation
import Redis
import RedisTesting
import TestSupport
import Testing

/// The client on a real server: commands, pipelining, login, the pool, reconnecting.
@Suite(.onOwnThread, .enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
struct RedisClientTests {
    @Test func pipelinedRepliesComeBackInOrder() throws {
        let server = try RedisServerProcess.start()
        let client = RedisClient(configuration: server.configuration)
        let sets = (0..<200).map { RedisClient.setCommand(Array("k\($0)".utf8), Array("v\($0)".utf8), milliseconds: nil) }
        #expect(try client.pipeline(sets) == Array(repeating: .simpleString("OK"), count: 200))
        let gets = (0..<200).map { RedisCommand("GET", "k\($0)") }
        #expect(try client.pipeline(gets) == (0..<200).map { .bulkString(Array("v\($0)".utf8)) })
        #expect(try client.pipeline([]) == [])
        #expect(throws: RedisError.server("ERR unknown command 'NOPE', with args beginning with: ")) {
            try client.pipeline([RedisCommand("PING"), RedisCommand("NOPE")])
        }
        try client.ping()
    }

    @Test func everyReplyTypeComesThroughFromTheServer() throws {
        let server = try RedisServerProcess.start()
        let client = RedisClient(configuration: server.configuration)
        let big = [UInt8]((0..<300_000).map { UInt8($0 % 251) })
        try client.set(Array("big".utf8), big)
        #expect(try client.get(Array("big".utf8)) == big)
        #expect(try client.get(Array("missing".utf8)) == nil)
        #expect(try client.send(RedisCommand("INCRBY", "n", "-5")) == .integer(-5))
        _ = try client.send(RedisCommand("RPUSH", "list", "a", "b"))
        #expect(
            try client.send(RedisCommand("LRANGE", "list", "0", "-1"))
                == .array([.bulkString(Array("a".utf8)), .bulkString(Array("b".utf8))]))
        #expect(try client.send(RedisCommand("BLPOP", "empty", "0.01")) == .array(nil))
        guard case .array(let nested?) = try client.send(RedisCommand("COMMAND", "INFO", "GET")) else {
            Issue.record("COMMAND INFO is not an array")
            return
        }
        #expect(nested.count == 1)
        #expect(throws: RedisError.self) { try client.send(RedisCommand("GET", "list")) }
        #expect(try client.unlink([Array("big".utf8), Array("missing".utf8)]) == 1)
        #expect(try client.unlink([]) == 0)
    }

    @Test func logsInWithAPasswordOrAUserAndSelectsTheDatabase() throws {
        let server = try RedisServerProcess.start(arguments: ["--requirepass", "s3cret"])
        var anonymous = server.configuration
        anonymous.retryDelay = .zero
        #expect(throws: RedisError.self) { try RedisClient(configuration: anonymous).ping() }
        let byPassword = try RedisClient(url: "redis://:s3cret@127.0.0.1:\(server.port)/5")
        try byPassword.set(Array("where".utf8), Array("five".utf8))
        _ = try byPassword.send(RedisCommand("ACL", "SETUSER", "reader", "on", ">pw", "~*", "+@all"))
        let byUser = try RedisClient(url: "redis://reader:pw@127.0.0.1:\(server.port)/5")
        #expect(try byUser.get(Array("where".utf8)) == Array("five".utf8))
        let otherDatabase = try RedisClient(url: "redis://reader:pw@127.0.0.1:\(server.port)/6")
        #expect(try otherDatabase.get(Array("where".utf8)) == nil)
        let wrong = try RedisClient(url: "redis://reader:nope@127.0.0.1:\(server.port)")
        #expect(throws: RedisError.server("WRONGPASS invalid username-password pair or user is disabled.")) { try wrong.ping() }
    }

    @Test func manyTasksShareThePool() async throws {
        let server = try RedisServerProcess.start()
        let client = RedisClient(configuration: server.configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for index in 0..<50 {
                        let key = Array("t\(task)-\(index)".utf8)
                        try client.set(key, key)
                        #expect(try client.get(key) == key)
                    }
                }
            }
            try await group.waitForAll()
        }
        guard case .bulkString(let info?) = try client.send(RedisCommand("INFO", "clients")) else { return }
        let connected = String(decoding: info, as: UTF8.self).split(separator: "\r\n").first { $0.hasPrefix("connected_clients:") }
        #expect(Int(connected?.split(separator: ":").last ?? "") ?? 99 <= server.configuration.poolCapacity + 16)
    }

    @Test func refusedConnectionsFailFastThenTheClientReconnects() throws {
        let server = try RedisServerProcess.start()
        var configuration = server.configuration
        configuration.retryDelay = .seconds(30)
        let client = RedisClient(configuration: configuration)
        server.stop()
        #expect {
            try client.ping()
        } throws: { error in
            guard case .connectionRefused(let endpoint, _) = error as? RedisError else { return false }
            return endpoint == "127.0.0.1:\(server.port)"
        }
        try server.restart()
        let started = ContinuousClock.now
        #expect(throws: RedisError.self) { try client.ping() }
        #expect(ContinuousClock.now - started < .milliseconds(50))
    }

    @Test func aServerRestartIsSurvivedByTheNextCommand() throws {
        let server = try RedisServerProcess.start()
        let client = RedisClient(configuration: server.configuration)
        try client.set(Array("k".utf8), Array("v".utf8))
        try server.restart()
        #expect(try client.get(Array("k".utf8)) == nil)
        client.disconnect()
        try client.ping()
    }
}
