import Emulator
import Foundation

extension FuzzTarget {
    /// Bytes as a fixture file: a Marvel wrapper the emulator serves from.
    static let fixtures = FuzzTarget(
        name: "fixtures",
        checks: """
            On any input, JSONSlicer's slices lie in order inside it and DuplicateKeyFinder ends; on a document \
            JSONSerialization accepts, DuplicateKeyFinder finds the duplicate a plain reference JSON reader finds, \
            every object without one has as many keys for JSONSerialization as in the text, JSONSlicer finds \
            data.results exactly when JSONSerialization does and each slice parses to its element; FixtureSet \
            loads the document, or refuses it as malformed, with every record's bytes its element's.
            """
    ) { buffer throws(FuzzFailure) in
        let bytes = Array(buffer)
        let slices = JSONSlicer.elements(ofArrayAt: ["data", "results"], in: bytes)
        try require(
            zip(slices ?? [], (slices ?? []).dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }
                && (slices ?? []).allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count && !$0.isEmpty },
            "slices \(slices ?? []) are not in order inside \(bytes.count) bytes")
        let duplicate = DuplicateKeyFinder.first(in: bytes)
        guard let document = try? JSONSerialization.jsonObject(with: Data(bytes)) else { return }
        if let reference = JSONReference.read(bytes) {
            try require(
                duplicate?.path == reference.duplicate?.path && duplicate?.key == reference.duplicate?.key,
                "DuplicateKeyFinder found \(String(describing: duplicate)), the reference \(String(describing: reference.duplicate))")
            if reference.duplicate == nil {
                try require(
                    keyCounts(document).sorted() == reference.keyCounts.sorted(), "JSONSerialization merged keys the text names apart")
            }
        }
        guard duplicate == nil else { return }
        let results = ((document as? [String: Any])?["data"] as? [String: Any])?["results"] as? [Any]
        try require(
            (slices == nil) == (results == nil), "JSONSlicer found \(slices?.count ?? 0) elements, JSONSerialization \(results?.count ?? 0)"
        )
        if let slices, let results {
            try require(slices.count == results.count, "JSONSlicer found \(slices.count) elements, JSONSerialization \(results.count)")
            for (slice, element) in zip(slices, results) {
                let parsed = try? JSONSerialization.jsonObject(with: Data(bytes[slice]), options: .fragmentsAllowed)
                try require(parsed.map { same($0, element) } == true, "the slice \(slice) does not parse to its element")
            }
        }
        try checkFixtureSet(bytes, results: results)
    }
}

/// `FixtureSet` loads `bytes` with a record per distinct id, each the bytes of its element, or
/// refuses them as malformed.
private func checkFixtureSet(_ bytes: [UInt8], results: [Any]?) throws(FuzzFailure) {
    let set: FixtureSet
    do {
        set = try FixtureSet(documents: [(name: "fuzz", json: Data(bytes))])
    } catch let error as FixtureError {
        guard case .malformed = error else { throw FuzzFailure(description: "FixtureSet refused the document with \(error)") }
        return
    } catch {
        throw FuzzFailure(description: "FixtureSet threw \(error)")
    }
    try require(set.records.count <= results?.count ?? 0, "\(set.records.count) records from \(results?.count ?? 0) results")
    for record in set.records {
        let object = try? JSONSerialization.jsonObject(with: record.json) as? [String: Any]
        try require((object?["id"] as? NSNumber)?.intValue == record.id, "record \(record.id)'s bytes hold another id")
        try require(object?["name"] as? String == record.name, "record \(record.id)'s bytes hold another name")
    }
}

/// The key count of every object in `value`, in no particular order (a dictionary's values have none).
private func keyCounts(_ value: Any) -> [Int] {
    var counts: [Int] = []
    func visit(_ value: Any) {
        if let object = value as? [String: Any] {
            counts.append(object.count)
            object.values.forEach(visit)
        } else if let array = value as? [Any] {
            array.forEach(visit)
        }
    }
    visit(value)
    return counts
}

/// Whether two values JSONSerialization read are the same JSON.
private func same(_ left: Any, _ right: Any) -> Bool {
    switch (left, right) {
    case (let left as [String: Any], let right as [String: Any]):
        left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
    case (let left as [Any], let right as [Any]):
        left.count == right.count && zip(left, right).allSatisfy(same)
    case (let left as String, let right as String):
        left == right
    case (let left as NSNumber, let right as NSNumber):
        left == right
    case (is NSNull, is NSNull):
        true
    default:
        false
    }
}
