/// Finds registered keys whose type names are close to a missing one, for error messages.
enum NearestNames {
    /// Up to `limit` keys among `candidates` nearest to `key` by edit distance, closest first.
    static func keys(near key: RegistrationKey, among candidates: [RegistrationKey], limit: Int = 3) -> [RegistrationKey] {
        let wanted = key.typeName.lowercased()
        let threshold = max(2, wanted.count / 2)
        return
            candidates
            .map { (key: $0, distance: distance(wanted, $0.typeName.lowercased())) }
            .filter { $0.distance <= threshold || $0.key.typeName.lowercased().contains(wanted) }
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
