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
        let wanted = Array(key.description.lowercased().utf8)
        let wantedType = key.typeName.lowercased()
        let threshold = max(2, wanted.count / 2)
        // A type's name is worked out once per type: the runtime's demangling is the slow part.
        var typeNames: [ObjectIdentifier: String] = [:]
        var scored: [(key: RegistrationKey, text: String, distance: Int)] = []
        for candidate in candidates {
            let typeName = typeNames[candidate.type] ?? candidate.typeName
            typeNames[candidate.type] = typeName
            let text = candidate.name.map { "\(typeName)(name: \"\($0)\")" } ?? typeName
            let distance = distance(wanted, Array(text.lowercased().utf8), within: threshold)
            if distance <= threshold || typeName.lowercased().contains(wantedType) { scored.append((candidate, text, distance)) }
        }
        scored.sort { ($0.distance, $0.text) < ($1.distance, $1.text) }
        return scored.prefix(limit).map(\.key)
    }

    /// Levenshtein distance between two byte strings, or `bound + 1` once it must exceed `bound`.
    static func distance(_ a: [UInt8], _ b: [UInt8], within bound: Int = .max - 1) -> Int {
        if abs(a.count - b.count) > bound { return bound + 1 }
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 0..<a.count {
            current[0] = i + 1
            var smallest = current[0]
            for j in 0..<b.count {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                smallest = min(smallest, current[j + 1])
            }
            if smallest > bound { return bound + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
