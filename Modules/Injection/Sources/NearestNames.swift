/// The registered keys nearest in name to a missing one, for its message: worked out only when
/// read, so a missing resolve under `try?` costs nothing for them.
public struct Suggestions: Sendable, CustomStringConvertible, CustomReflectable {
    /// The key nothing registers.
    public let wanted: RegistrationKey
    private let candidates: [RegistrationKey]

    init(for wanted: RegistrationKey, among candidates: [RegistrationKey]) {
        self.wanted = wanted
        self.candidates = candidates
    }

    /// Up to three registered keys nearest to `wanted` by edit distance of type and name, closest first.
    public var keys: [RegistrationKey] {
        NearestNames.keys(near: wanted, among: candidates)
    }

    /// Only what was wanted: reflecting every registered key would cost as much as suggesting.
    public var customMirror: Mirror {
        Mirror(self, children: ["wanted": wanted])
    }

    /// The keys, comma-separated.
    public var description: String {
        keys.map(\.description).joined(separator: ", ")
    }
}

/// Finds registered keys whose type names and names are close to a missing one.
enum NearestNames {
    /// Up to `limit` keys among `candidates` nearest to `key` by edit distance, closest first: the
    /// type's name and the registration's name both count.
    static func keys(near key: RegistrationKey, among candidates: [RegistrationKey], limit: Int = 3) -> [RegistrationKey] {
        let wanted = key.description.lowercased()
        let threshold = max(2, wanted.count / 2)
        return
            candidates
            .map { (key: $0, distance: distance(wanted, $0.description.lowercased())) }
            .filter { $0.distance <= threshold || $0.key.typeName.lowercased().contains(key.typeName.lowercased()) }
            .sorted { ($0.distance, $0.key.description) < ($1.distance, $1.key.description) }
            .prefix(limit)
            .map(\.key)
    }

    /// Levenshtein distance between two strings, by characters.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
