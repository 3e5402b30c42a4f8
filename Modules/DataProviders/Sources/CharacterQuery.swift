import Foundation

/// What a page of characters is filtered and ordered by, as the Marvel API's parameters take
/// it: each value is sent as given and the server judges it (a 409 names the one it refuses).
/// Nil leaves a parameter out.
public struct CharacterQuery: Hashable, Sendable, CustomStringConvertible {
    /// `name`: only the character with exactly this name (ignoring case).
    public var name: String?
    /// `nameStartsWith`: only characters whose name starts so (ignoring case).
    public var nameStartsWith: String?
    /// `modifiedSince`: only characters modified on or after this ISO 8601 date or date-time.
    public var modifiedSince: String?
    /// `comics`: only characters in one of these comics (comma-separated ids, at most 10).
    public var comics: String?
    /// `series`: only characters in one of these series.
    public var series: String?
    /// `events`: only characters in one of these events.
    public var events: String?
    /// `stories`: only characters in one of these stories.
    public var stories: String?
    /// `orderBy`: `name`, `-name`, `modified`, `-modified`, comma-separated in priority order.
    public var orderBy: String?

    /// A query with the given parameters; none filters nothing and orders by name.
    public init(
        name: String? = nil, nameStartsWith: String? = nil, modifiedSince: String? = nil, comics: String? = nil,
        series: String? = nil, events: String? = nil, stories: String? = nil, orderBy: String? = nil
    ) {
        self.name = name
        self.nameStartsWith = nameStartsWith
        self.modifiedSince = modifiedSince
        self.comics = comics
        self.series = series
        self.events = events
        self.stories = stories
        self.orderBy = orderBy
    }

    /// The parameters set, in a fixed order.
    public var parameters: [(name: String, value: String)] {
        let all: [(String, String?)] = [
            ("name", name), ("nameStartsWith", nameStartsWith), ("modifiedSince", modifiedSince), ("comics", comics),
            ("series", series), ("events", events), ("stories", stories), ("orderBy", orderBy),
        ]
        return all.compactMap { name, value in value.map { (name: name, value: $0) } }
    }

    /// `name=value&…` for every parameter set, values percent-encoded, so two queries have the
    /// same text only when they are the same query; empty when none is set.
    public var description: String {
        parameters.map { "\($0.name)=\($0.value.addingPercentEncoding(withAllowedCharacters: Self.plain) ?? "")" }
            .joined(separator: "&")
    }

    /// What a value keeps unescaped: letters, digits and `-._~,`.
    private static let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~,"))
}
