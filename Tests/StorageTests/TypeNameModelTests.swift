import Storage
import StorageTesting
import TestSupport
import Testing

/// Generic wrappers whose nestings make as many distinct types as a test needs.
enum Left<T> {}
enum Right<T> {}

/// `Key(T.self, id:)` and its lock-free table of type names held to `KeyReference`: each seed
/// walks a random path of 120 nested generic types (fresh to the process, so several seeds take
/// it past the table's 512 lock-free places) from four tasks at once, which race to name each type first.
@Suite struct TypeNameModelTests {
    struct Code: CustomStringConvertible {
        let description: String
    }

    /// The keys a task made for one type, and the text each must have.
    struct Made: Sendable {
        let number: Key
        let numberText: Key
        let code: Key
        let typeName: String
        let expected: (number: String, code: String, typeName: String)
    }

    /// The ids of one level of a walk: a number and any text.
    struct Ids: Sendable {
        let number: Int
        let text: String
    }

    /// The keys of `T` and of each type nested from it along `path`.
    static func walk<T>(_: T.Type, path: ArraySlice<UInt8>, ids: ArraySlice<Ids>) -> [Made] {
        let id = ids.first!
        let made = Made(
            number: Key(T.self, id: id.number), numberText: Key(T.self, id: String(id.number)),
            code: Key(T.self, id: Code(description: id.text)), typeName: Key.typeName(of: T.self),
            expected: (
                KeyReference.text(of: T.self, id: id.number), KeyReference.text(of: T.self, id: id.text), KeyReference.typeName(of: T.self)
            ))
        guard let step = path.first else { return [made] }
        let path = path.dropFirst()
        let ids = ids.dropFirst()
        let deeper =
            switch step {
            case 0: walk(Left<T>.self, path: path, ids: ids)
            case 1: walk(Right<T>.self, path: path, ids: ids)
            case 2: walk(T?.self, path: path, ids: ids)
            case 3: walk([T].self, path: path, ids: ids)
            default: walk([String: T].self, path: path, ids: ids)
            }
        return [made] + deeper
    }

    @Test(arguments: ModelSeeds.first(30))
    func keysOfManyTypesFromManyTasksMatchTheReference(seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        let path = (0..<120).map { _ in UInt8.random(in: 0...4, using: &random) }
        let bounds = [0, -1, 1, Int.min, Int.max]
        let ids = (0...path.count).map { _ in
            Ids(
                number: Bool.random(using: &random) ? bounds.randomElement(using: &random)! : Int.random(in: .min ... .max, using: &random),
                text: String.random(maxLength: 24, using: &random))
        }
        let walks = await withTaskGroup(of: [Made].self) { group in
            for _ in 0..<4 {
                group.addTask { Self.walk(Left<Code>.self, path: path[...], ids: ids[...]) }
            }
            return await group.reduce(into: [[Made]]()) { $0.append($1) }
        }
        for made in walks.joined() {
            let fault = Self.fault(in: made)
            guard fault == nil else {
                Issue.record("seed \(seed): \(fault!)")
                return
            }
        }
        let first = walks[0]
        for (task, walk) in walks.enumerated().dropFirst() {
            #expect(walk.map(\.number) == first.map(\.number), "seed \(seed): task \(task)'s keys differ from task 0's")
            #expect(walk.map(\.number.hashValue) == first.map(\.number.hashValue), "seed \(seed): task \(task)")
        }
        let keys = first.flatMap { [$0.number, $0.code] }
        let texts = first.flatMap { [$0.expected.number, $0.expected.code] }
        for left in keys.indices {
            for right in keys.indices where (keys[left] == keys[right]) != (texts[left] == texts[right]) {
                Issue.record("seed \(seed): \(keys[left]) and \(keys[right]) are \(keys[left] == keys[right] ? "" : "not ")equal")
                return
            }
        }
    }

    /// What is wrong with the keys a task made, if anything.
    static func fault(in made: Made) -> String? {
        if made.typeName != made.expected.typeName { return "type name \(made.typeName), expected \(made.expected.typeName)" }
        if made.number.value != made.expected.number { return "key \(made.number.value), expected \(made.expected.number)" }
        if made.code.value != made.expected.code { return "key \(made.code.value), expected \(made.expected.code)" }
        if made.number != made.numberText || made.number.fingerprint != made.numberText.fingerprint
            || made.number.hashValue != made.numberText.hashValue
        {
            return "\(made.number): a number id and its text make different keys"
        }
        if Key(made.expected.number) == made.number { return "\(made.number) equals the raw key of its own text" }
        return nil
    }
}
