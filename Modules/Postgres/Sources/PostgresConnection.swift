import CLibPQ
import Foundation
import Sockets

/// One open connection to a PostgreSQL server and its prepared statements. Not thread-safe: a
/// `PostgresPool` lends it to one caller at a time.
public final class PostgresConnection {
    /// Where it is connected, and its time-outs.
    public let configuration: PostgresConfiguration
    let handle: OpaquePointer
    private var prepared: [String: String] = [:]
    /// Set when the server did not answer in time: a command may still be in flight, so the
    /// connection is never used again.
    private var abandoned = false

    /// Connects as `configuration` says, waiting at most its connect time-out; throws
    /// `unreachable`, `authentication` or `databaseNotFound` with the server's reason in one line.
    public init(configuration: PostgresConfiguration) throws(PostgresError) {
        let parameters = configuration.connectionParameters
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer { for string in keywords + values { free(string) } }
        let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordList in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 0)
            }
        }
        guard let connection else {
            throw PostgresError(kind: .unreachable, message: "libpq could not allocate a connection", target: configuration.target)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            // libpq was given the password as a keyword of its own, never in a URL, so its
            // message may name the host, the user and the database but not the password.
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw Self.connectionError(message, configuration)
        }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)  // notices ("already exists, skipping") are not errors
        self.configuration = configuration
        handle = connection
        try settleSession()
    }

    /// The session settings the readers rely on, as the server reported them after connecting,
    /// and the value each must have. The options sent set them, but the environment (`PGTZ`,
    /// `PGDATESTYLE`) sends settings that the server applies after the options.
    private static let sessionSettings = [
        ("client_encoding", "UTF8"), ("DateStyle", "ISO"), ("TimeZone", "UTC"), ("IntervalStyle", "postgres"),
        ("standard_conforming_strings", "on"),
    ]

    /// Sets again any of `sessionSettings` the server reports with another value.
    private func settleSession() throws(PostgresError) {
        let wrong = Self.sessionSettings.filter { name, value in
            let reported = PQparameterStatus(handle, name).map { String(cString: $0) } ?? ""
            return name == "DateStyle" ? !reported.hasPrefix("ISO") : reported != value
        }
        guard !wrong.isEmpty else { return }
        try run(wrong.map { "SET \($0.0) = '\($0.1)'" }.joined(separator: "; "))
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection is lost (the server went away or closed it).
    public var isBroken: Bool { abandoned || PQstatus(handle) != CONNECTION_OK }

    /// Whether a transaction is open on it (begun, not yet committed or rolled back).
    public var isInTransaction: Bool { PQtransactionStatus(handle) != PQTRANS_IDLE }

    /// The server process serving this connection.
    public var serverProcessID: Int { Int(PQbackendPID(handle)) }

    /// Runs `sql`, which may hold several statements separated by semicolons and no parameters,
    /// ignoring any rows (the simple query protocol: nothing is prepared).
    public func run(_ sql: String) throws(PostgresError) {
        let result = try answer(sent: PQsendQuery(handle, sql))
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs one statement with `parameters` and returns how many rows it changed (or returned).
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> Int {
        let result = try self.result(sql, parameters)
        defer { PQclear(result) }
        let tuples = String(cString: PQcmdTuples(result))
        return Int(tuples) ?? Int(PQntuples(result))
    }

    /// Hands each row of `sql` to `body`, in order.
    public func forEachRow(_ sql: String, _ parameters: [PostgresValue] = [], _ body: (PostgresRow) throws -> Void) throws {
        let result = try self.result(sql, parameters)
        defer { PQclear(result) }
        for row in 0..<PQntuples(result) { try body(PostgresRow(result: result, row: row)) }
    }

    /// The rows of `sql`, each made into a value by `row`.
    public func query<T>(_ sql: String, _ parameters: [PostgresValue] = [], _ row: (PostgresRow) throws -> T) throws -> [T] {
        let result = try self.result(sql, parameters)
        defer { PQclear(result) }
        let count = PQntuples(result)
        var values: [T] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(try row(PostgresRow(result: result, row: index))) }
        return values
    }

    /// The first row of `sql` made into a value by `row`, or nil when there is none.
    public func queryFirst<T>(_ sql: String, _ parameters: [PostgresValue] = [], _ row: (PostgresRow) throws -> T) throws -> T? {
        let result = try self.result(sql, parameters)
        defer { PQclear(result) }
        return PQntuples(result) > 0 ? try row(PostgresRow(result: result, row: 0)) : nil
    }

    /// Runs `body` between `BEGIN` and `COMMIT`, or rolls back when it throws (or when the
    /// server aborted the transaction). Most code calls `PostgresDatabase.transaction`, which
    /// also retries serialization failures.
    @discardableResult
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run("BEGIN")
        do {
            let value = try body(self)
            let result = try answer(sent: PQsendQuery(handle, "COMMIT"))
            defer { PQclear(result) }
            try check(result, "COMMIT")
            if String(cString: PQcmdStatus(result)) == "ROLLBACK" {
                throw PostgresError(kind: .other, message: "the transaction was aborted by an earlier error and rolled back")
                    .about(configuration.target)
            }
            return value
        } catch {
            if isInTransaction && !isBroken { try? run("ROLLBACK") }
            throw error
        }
    }

    /// Checks the connection without waiting: reads what the server sent, if anything, so a
    /// connection the server closed (a restart, an idle time-out) reads as broken.
    func refresh() {
        guard !isBroken else { return }
        if Socket.isReadable(PQsocket(handle)) { PQconsumeInput(handle) }
    }

    /// Waits up to `timeout` for notifications (from `LISTEN`) and returns those that arrived.
    public func notifications(waitingUpTo timeout: Duration) throws(PostgresError) -> [PostgresNotification] {
        var received = drainNotifications()
        guard received.isEmpty else { return received }
        let ready = Socket.waitUntilReadable(PQsocket(handle), until: .now + timeout)
        if ready && PQconsumeInput(handle) == 0 || isBroken {
            throw PostgresError(kind: .unreachable, message: String(cString: PQerrorMessage(handle)))
                .about(configuration.target)
        }
        received = drainNotifications()
        return received
    }

    private func drainNotifications() -> [PostgresNotification] {
        var received: [PostgresNotification] = []
        while let notification = PQnotifies(handle) {
            received.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname), payload: String(cString: notification.pointee.extra),
                    processID: Int(notification.pointee.be_pid)))
            PQfreemem(notification)
        }
        return received
    }

    /// The successful result of `sql` (prepared once, then reused) with `parameters`; the caller clears it.
    private func result(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> OpaquePointer {
        let name = try statementName(sql)
        let encoded = try parameters.map { value throws(PostgresError) in try value.encoded() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(encoded.reduce(0) { $0 + ($1?.count ?? 0) + 1 })
        var offsets: [Int?] = []
        for value in encoded {
            offsets.append(value.map { _ in buffer.count })
            if let value { buffer += value + [0] }
        }
        let lengths = encoded.map { Int32($0?.count ?? 0) }
        let formats = parameters.map { Int32($0.isBinary ? 1 : 0) }
        let sent = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress)
            let pointers = offsets.map { offset in offset.flatMap { base?.advanced(by: $0).assumingMemoryBound(to: CChar.self) } }
            return PQsendQueryPrepared(handle, name, Int32(parameters.count), pointers, lengths, formats, 0)
        }
        let result = try answer(sent: sent)
        do {
            try check(result, sql)
        } catch {
            PQclear(result)
            throw error
        }
        guard let result else { throw PostgresError(kind: .other, message: "no result").about(configuration.target) }
        return result
    }

    /// The name `sql` is prepared under on this connection, preparing it the first time.
    private func statementName(_ sql: String) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "excelsior_\(prepared.count + 1)"
        let result = try answer(sent: PQsendPrepare(handle, name, sql, 0, nil))
        defer { PQclear(result) }
        try check(result, sql)
        prepared[sql] = name
        return name
    }

    /// The last result of the command just sent (nil when it could not be sent), waiting no longer
    /// than the statement time-out in force and the connect time-out after it
    /// (`PostgresConfiguration.answerTimeout`). The server enforces its statement time-out
    /// itself, but a server that stopped, or a network that lost it, answers nothing, and
    /// libpq's own wait (`PQexec`) would never end; so the command is sent, and the socket
    /// waited on with a deadline. A connection that missed it is abandoned.
    private func answer(sent: Int32) throws(PostgresError) -> OpaquePointer? {
        guard sent == 1 else { return nil }
        let patience = configuration.answerTimeout
        let deadline = ContinuousClock.now + patience
        var last: OpaquePointer?
        while true {
            while PQisBusy(handle) != 0 {
                guard Socket.waitUntilReadable(PQsocket(handle), until: deadline) else {
                    abandoned = true
                    PQclear(last)
                    throw PostgresError(kind: .unreachable, message: "the server did not answer within \(patience)")
                        .about(configuration.target)
                }
                if PQconsumeInput(handle) == 0 { break }
            }
            guard let result = PQgetResult(handle) else { return last }
            PQclear(last)
            last = result
        }
    }

    /// Throws the error `result` of `sql` holds, if it is not a success. Without the server's
    /// SQLSTATE, the message is libpq's first line and names the operation, never the statement.
    private func check(_ result: OpaquePointer?, _ sql: String) throws(PostgresError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK else { return }
        let field = { (code: UInt8) in PQresultErrorField(result, Int32(code)).map { String(cString: $0) } }
        guard let sqlState = field(UInt8(ascii: "C")), !isBroken else {
            let message = PostgresError.libpqMessage(field(UInt8(ascii: "M")) ?? String(cString: PQerrorMessage(handle)), during: sql)
            throw PostgresError(kind: isBroken ? .unreachable : .other, message: message).about(configuration.target)
        }
        let message = field(UInt8(ascii: "M")) ?? PostgresError.libpqMessage(String(cString: PQerrorMessage(handle)), during: sql)
        throw PostgresError(sqlState: sqlState, message: message, target: configuration.target)
    }

    /// What a failed connection attempt's libpq `message` means.
    private static func connectionError(_ message: String, _ configuration: PostgresConfiguration) -> PostgresError {
        let kind: PostgresError.Kind
        if ["password authentication failed", "no password supplied", "authentication failed", "no pg_hba.conf entry", "role \""]
            .contains(where: message.contains)
        {
            kind = message.contains("role \"") && !message.contains("does not exist") ? .unreachable : .authentication
        } else if message.contains("database \"") && message.contains("does not exist") {
            kind = .databaseNotFound
        } else {
            kind = .unreachable
        }
        let text = message.contains("timeout expired") ? "no answer within the connect time-out (\(message))" : message
        return PostgresError(kind: kind, message: text, target: configuration.target)
    }
}

/// A notification a connection received on a channel it listens to.
public struct PostgresNotification: Equatable, Sendable {
    /// The channel (`LISTEN channel`).
    public let channel: String
    /// The payload the sender gave `pg_notify`.
    public let payload: String
    /// The server process that sent it.
    public let processID: Int

    /// A notification on `channel` carrying `payload`, sent by server process `processID`.
    public init(channel: String, payload: String, processID: Int) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}
