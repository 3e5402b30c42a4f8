import Foundation

/// What the filter and order parameters of `GET /v1/public/characters` mean, as the Marvel API
/// judged them: read from a query, refused with Marvel's message naming the parameter, then
/// applied to characters. The emulator and the in-memory provider share it, so both answer the
/// same query the same way.
public struct CharacterFilter: Sendable {
    /// One character as the filter sees it.
    public struct Subject: Sendable {
        /// The character's name.
        public let name: String
        /// When it was last modified, if known.
        public let modified: Date?
        /// The ids of the works it is listed with, by kind (`comics`, `series`, `events`, `stories`).
        public let works: [String: Set<Int>]

        /// A subject with the given fields.
        public init(name: String, modified: Date?, works: [String: Set<Int>]) {
            self.name = name
            self.modified = modified
            self.works = works
        }

        /// The id a Marvel `resourceURI` such as `…/v1/public/comics/21366` ends with.
        public static func workID(resourceURI: String) -> Int? {
            resourceURI.split(separator: "/").last.flatMap { Int($0) }
        }
    }

    /// Why a query was refused: Marvel's message, naming the parameter.
    public struct Refusal: Error, Equatable {
        /// The message, as the 409 body's `status`.
        public let message: String
    }

    /// The kinds of work a character list can be filtered by, each a list of ids.
    public static let workKinds = ["comics", "series", "events", "stories"]
    /// The parameters this filter reads (paging is the caller's).
    public static let parameters: Set<String> = Set(["name", "nameStartsWith", "modifiedSince", "orderBy"] + workKinds)
    /// The most ids one list parameter may hold.
    public static let maxListValues = 10

    private enum Field: String {
        case name, modified
    }

    private let name: String?
    private let nameStartsWith: String?
    private let modifiedSince: Date?
    private let works: [String: Set<Int>]
    private let order: [(field: Field, descending: Bool)]

    /// The filter `value` describes (the last value of each parameter, nil when absent);
    /// throws a `Refusal` for an empty parameter, an unknown ordering, a malformed date, or a
    /// list with more than ten values or a value that is not an id.
    public init(_ value: (String) -> String?) throws(Refusal) {
        for parameter in Self.parameters.sorted() where value(parameter)?.isEmpty == true {
            throw Refusal(message: "\(parameter) cannot be blank if it is set.")
        }
        name = value("name")
        nameStartsWith = value("nameStartsWith")
        if let text = value("modifiedSince") {
            guard let date = MarvelDate.parse(text) ?? MarvelDate.parse(text + "T00:00:00Z") else {
                throw Refusal(message: "\(text) is not a valid date for modifiedSince.")
            }
            modifiedSince = date
        } else {
            modifiedSince = nil
        }
        var works: [String: Set<Int>] = [:]
        for kind in Self.workKinds {
            guard let text = value(kind) else { continue }
            let items = text.split(separator: ",", omittingEmptySubsequences: false)
            guard items.count <= Self.maxListValues else {
                throw Refusal(message: "You may not submit more than \(Self.maxListValues) values for \(kind).")
            }
            works[kind] = Set(
                try items.map { item throws(Refusal) in
                    let trimmed = item.trimmingCharacters(in: .whitespaces)
                    guard let id = Int(trimmed), id > 0 else { throw Refusal(message: "\(trimmed) is not a valid value for \(kind).") }
                    return id
                })
        }
        self.works = works
        var order: [(field: Field, descending: Bool)] = []
        for item in value("orderBy")?.split(separator: ",", omittingEmptySubsequences: false) ?? [] {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            let descending = trimmed.hasPrefix("-")
            guard let field = Field(rawValue: descending ? String(trimmed.dropFirst()) : trimmed) else {
                throw Refusal(message: "\(trimmed) is not a valid ordering parameter for orderBy.")
            }
            order.append((field, descending))
        }
        self.order = order
    }

    /// Whether `subject` passes every filter set: exact name and name prefix (ignoring case),
    /// modified on or after `modifiedSince`, and listed with one of the ids of each list.
    public func matches(_ subject: Subject) -> Bool {
        if let name, subject.name.compare(name, options: [.caseInsensitive, .literal]) != .orderedSame { return false }
        if let nameStartsWith, subject.name.range(of: nameStartsWith, options: [.anchored, .caseInsensitive]) == nil { return false }
        if let modifiedSince, (subject.modified ?? .distantPast) < modifiedSince { return false }
        return works.allSatisfy { kind, ids in !(subject.works[kind] ?? []).isDisjoint(with: ids) }
    }

    /// `items`, given in name order, in the order `orderBy` asks for; ties keep name order.
    public func ordered<Item>(_ items: [Item], subject: (Item) -> Subject) -> [Item] {
        guard !order.isEmpty else { return items }
        let ranked = items.enumerated().map { (rank: $0.offset, modified: subject($0.element).modified ?? .distantPast, item: $0.element) }
        return ranked.sorted { lhs, rhs in
            for key in order {
                let ascending: Bool
                switch key.field {
                case .name:
                    guard lhs.rank != rhs.rank else { continue }
                    ascending = lhs.rank < rhs.rank
                case .modified:
                    guard lhs.modified != rhs.modified else { continue }
                    ascending = lhs.modified < rhs.modified
                }
                return ascending != key.descending
            }
            return lhs.rank < rhs.rank
        }.map(\.item)
    }
}
