/// The commands `RedisCache` sends, with their replies checked and typed.
extension RedisClient {
    /// `PING`: throws unless the server answers `PONG`.
    public func ping() throws(RedisError) {
        let reply = try send(RedisCommand("PING"))
        guard reply == .simpleString("PONG") else { throw .unexpectedReply(command: "PING", reply: reply.description) }
    }

    /// `GET key`: the value, or nil when there is none.
    public func get(_ key: [UInt8]) throws(RedisError) -> [UInt8]? {
        let reply = try send(RedisCommand("GET", arguments: [key]))
        guard case .bulkString(let value) = reply else { throw .unexpectedReply(command: "GET", reply: reply.description) }
        return value
    }

    /// `GET key`, refusing a value over `maxLength` bytes from its length alone: throws
    /// `RedisError.valueTooLarge` without reading it.
    public func get(_ key: [UInt8], maxLength: Int) throws(RedisError) -> [UInt8]? {
        let reply = try replies(to: [RedisCommand("GET", arguments: [key])], maxValueLength: maxLength)[0]
        if let message = reply.errorText { throw .server(message) }
        guard case .bulkString(let value) = reply else { throw .unexpectedReply(command: "GET", reply: reply.description) }
        return value
    }

    /// The `SET key value [PX milliseconds]` command (the value expires after `milliseconds` when given).
    public static func setCommand(_ key: [UInt8], _ value: [UInt8], milliseconds: Int?) -> RedisCommand {
        guard let milliseconds else { return RedisCommand("SET", arguments: [key, value]) }
        return RedisCommand("SET", arguments: [key, value, Array("PX".utf8), Array(String(milliseconds).utf8)])
    }

    /// `SET key value [PX milliseconds]`: stores `value`, replacing what was there.
    public func set(_ key: [UInt8], _ value: [UInt8], milliseconds: Int? = nil) throws(RedisError) {
        let reply = try send(Self.setCommand(key, value, milliseconds: milliseconds))
        guard reply == .simpleString("OK") else { throw .unexpectedReply(command: "SET", reply: reply.description) }
    }

    /// `UNLINK key…`: removes the keys (freeing their memory in the background); how many existed.
    @discardableResult
    public func unlink(_ keys: [[UInt8]]) throws(RedisError) -> Int {
        guard !keys.isEmpty else { return 0 }
        let reply = try send(RedisCommand("UNLINK", arguments: keys))
        guard case .integer(let count) = reply else { throw .unexpectedReply(command: "UNLINK", reply: reply.description) }
        return Int(count)
    }

    /// `SCAN cursor MATCH pattern COUNT count`: the next cursor (0 when done) and a batch of keys.
    public func scan(cursor: String, match pattern: [UInt8], count: Int) throws(RedisError) -> (cursor: String, keys: [[UInt8]]) {
        let reply = try send(
            RedisCommand(
                "SCAN", arguments: [Array(cursor.utf8), Array("MATCH".utf8), pattern, Array("COUNT".utf8), Array(String(count).utf8)]))
        guard case .array(let parts?) = reply, parts.count == 2, case .bulkString(let next?) = parts[0], case .array(let keys?) = parts[1]
        else { throw .unexpectedReply(command: "SCAN", reply: reply.description) }
        var names: [[UInt8]] = []
        for key in keys {
            guard case .bulkString(let name?) = key else { throw .unexpectedReply(command: "SCAN", reply: key.description) }
            names.append(name)
        }
        return (String(decoding: next, as: UTF8.self), names)
    }

    /// Every key matching `pattern`, in batches of about `batchSize`, passed to `body` as they come.
    public func scanAll(match pattern: [UInt8], batchSize: Int = 1000, _ body: ([[UInt8]]) throws(RedisError) -> Void) throws(RedisError) {
        var cursor = "0"
        repeat {
            let (next, keys) = try scan(cursor: cursor, match: pattern, count: batchSize)
            if !keys.isEmpty { try body(keys) }
            cursor = next
        } while cursor != "0"
    }
}
