/// A table, view or other relation as the catalog describes it: what kind it is and its
/// columns, so a program can tell its own tables from another program's of the same name.
public struct PostgresRelation: Equatable, Sendable {
    /// What the relation is: "table", "view", "index", "sequence"….
    public let kind: String
    /// Its columns, in order.
    public let columns: [Column]

    /// A column: its name, its type as `format_type` writes it (`bigint`, `timestamp with time
    /// zone`…), and whether it belongs to the primary key.
    public struct Column: Equatable, Sendable {
        /// The column's name.
        public let name: String
        /// Its type, as `format_type` writes it.
        public let type: String
        /// Whether it belongs to the primary key.
        public let isKey: Bool

        /// A column named `name` of `type`, part of the primary key when `isKey`.
        public init(name: String, type: String, isKey: Bool = false) {
            self.name = name
            self.type = type
            self.isKey = isKey
        }
    }

    /// Whether it is a table (plain or partitioned).
    public var isTable: Bool { kind == "table" }

    /// Why the relation is not a table with exactly `expected` columns, naming it `name`, or nil
    /// when it is one.
    public func difference(from expected: [Column], name: String) -> String? {
        guard isTable else { return "its \(name) is a \(kind), not a table" }
        guard columns != expected else { return nil }
        let found = columns.map(\.name) == expected.map(\.name) ? columns.map(Self.written) : columns.map(\.name)
        let wanted = columns.map(\.name) == expected.map(\.name) ? expected.map(Self.written) : expected.map(\.name)
        return "its \(name) table has the columns \(found.joined(separator: ", ")), not \(wanted.joined(separator: ", "))"
    }

    private static func written(_ column: Column) -> String {
        "\(column.name) \(column.type)\(column.isKey ? " (key)" : "")"
    }
}

extension PostgresConnection {
    /// The relation `name` names on the search path, or nil when there is none.
    public func relation(_ name: String) throws(PostgresError) -> PostgresRelation? {
        let kinds = [
            "r": "table", "p": "table", "v": "view", "m": "materialized view", "i": "index", "S": "sequence", "f": "foreign table",
        ]
        do {
            let kind = try queryFirst("SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)", [.text(name)]) { try $0.string(0) }
            guard let kind else { return nil }
            let columns = try query(
                """
                SELECT a.attname, format_type(a.atttypid, a.atttypmod),
                    EXISTS (SELECT FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey))
                FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
                """, [.text(name)]
            ) { row in PostgresRelation.Column(name: try row.string(0), type: try row.string(1), isKey: try row.bool(2)) }
            return PostgresRelation(kind: kinds[kind] ?? "relation of kind \(kind)", columns: columns)
        } catch {
            throw PostgresDatabase.postgresError(error, target: configuration.target)
        }
    }
}
