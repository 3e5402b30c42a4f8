import Storage
import StorageTesting
import Testing

/// `Key.identifies`: a typed key serves only a value with its own id.
@Suite struct KeyIdentityTests {
    typealias Sample = CachingContract.Sample
    typealias NamedSample = CachingContract.NamedSample

    struct Plain: Codable, Sendable {
        let id: Int
    }

    struct Described: Identifiable, Codable, Sendable {
        struct Code: Hashable, Codable, Sendable, CustomStringConvertible {
            let value: Int
            var description: String { "code-\(value)" }
        }

        let id: Code
    }

    @Test func aTypedKeyIdentifiesAValueWithItsOwnIdOnly() {
        #expect(Key(Sample.self, id: 7).identifies(Sample(id: 7, text: "")))
        #expect(!Key(Sample.self, id: 7).identifies(Sample(id: 8, text: "")))
        #expect(!Key(Sample.self, id: -7).identifies(Sample(id: 7, text: "")))
        #expect(Key(NamedSample.self, id: "storm").identifies(NamedSample(id: "storm")))
        #expect(!Key(NamedSample.self, id: "storm").identifies(NamedSample(id: "Storm")))
        #expect(!Key(NamedSample.self, id: "storm").identifies(NamedSample(id: "storm ")))
    }

    @Test func idsOfAnyTypeAreComparedByTheirText() {
        let code = Described.Code(value: 3)
        #expect(Key(Described.self, id: code).identifies(Described(id: code)))
        #expect(!Key(Described.self, id: code).identifies(Described(id: Described.Code(value: 4))))
        #expect(Key(NamedSample.self, id: "12").identifies(Sample(id: 12, text: "")))
        #expect(Key(Sample.self, id: 12).identifies(NamedSample(id: "12")))
    }

    @Test func aRawKeyOrAValueWithoutAnIdIsNeverRefused() {
        #expect(Key("contract").identifies(Sample(id: 1, text: "")))
        #expect(Key(Sample.self, id: 1).identifies(Plain(id: 2)))
        #expect(Key(Sample.self, id: 1).identifies("text"))
    }
}
