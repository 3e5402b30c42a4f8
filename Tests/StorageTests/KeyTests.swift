import Storage
import Testing

@Suite struct KeyTests {
    struct Hero {}
    struct Villain {}

    @Test func typedKeysOfTwoTypesWithTheSameIdDiffer() {
        #expect(Key(Hero.self, id: 1) != Key(Villain.self, id: 1))
        #expect(Key(Hero.self, id: 1) == Key(Hero.self, id: 1))
    }

    @Test func rawKeysNeverEqualTypedKeys() {
        let typed = Key(Hero.self, id: 1)
        #expect(Key(typed.value) != typed)
    }

    @Test func fingerprintIsStableAcrossRunsAndMachines() {
        // FNV-1a 64 of "raw:" + "excelsior", computed independently.
        #expect(Key("excelsior").fingerprint == 0xb3f3_16c5_12e5_3eb1)
    }

    /// Typed keys' fingerprints name DiskCache files and Redis keys, so they must not change from
    /// run to run or machine to machine; these were computed independently (a short Python
    /// transcription of `KeyHash`). A change of the hash makes every stored typed entry miss.
    @Test func typedFingerprintsAreStableAcrossRunsAndMachines() {
        #expect(Key(Hero.self, id: 42).fingerprint == 0x527a_ffed_666a_cd60)
        #expect(Key(Hero.self, id: "spider-man").fingerprint == 0x18db_23da_3828_1fdf)
        #expect(Key(Hero.self, id: "a long id of more than fifteen bytes").fingerprint == 0xf0de_6b6f_f381_f92c)
        #expect(Key(Int.self, id: Int.min).fingerprint == 0xec53_2d59_622d_b85e)
    }

    @Test func anIntIdAndItsDecimalTextMakeTheSameKey() {
        for id in [0, 7, -7, 42, 1_000_000, Int.max, Int.min] {
            #expect(Key(Hero.self, id: id) == Key(Hero.self, id: "\(id)"))
            #expect(Key(Hero.self, id: id).fingerprint == Key(Hero.self, id: "\(id)").fingerprint)
            #expect(Key(Hero.self, id: id).value == "StorageTests.KeyTests.Hero#\(id)")
        }
    }

    struct Code: CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    @Test func anyIdIsKeyedByItsDescription() {
        #expect(Key(Hero.self, id: Code(text: "x-1")) == Key(Hero.self, id: "x-1"))
        #expect(Key(Hero.self, id: UInt8(9)) == Key(Hero.self, id: 9))
        #expect(Key(Hero.self, id: Code(text: "x-1")).value == "StorageTests.KeyTests.Hero#x-1")
    }

    @Test func rawKeysKeepTheirText() {
        #expect(Key("characters?offset=0&limit=20").value == "raw:characters?offset=0&limit=20")
        #expect(Key("characters?offset=0&limit=20").description == "raw:characters?offset=0&limit=20")
    }

    @Test func aRawKeyNeverEqualsATypedKeyOfTheSameHash() {
        let typed = Key(Hero.self, id: "1")
        #expect(Key("StorageTests.KeyTests.Hero#1") != typed)
        #expect(Key(Villain.self, id: "1") != typed)
    }

    struct Level<T> {}

    /// More types than the lock-free table holds (512), from many tasks at once: each key names
    /// its type exactly, and building it again gives an equal key.
    @Test func keysOfManyTypesNameTheirTypesFromManyTasks() async {
        func keys<T>(_: T.Type, depth: Int) -> [Bool] {
            let key = Key(T.self, id: depth)
            let named = key.value == String(reflecting: T.self) + "#\(depth)" && key == Key(T.self, id: depth)
            return depth == 0 ? [named] : [named] + keys(Level<T>.self, depth: depth - 1)
        }
        let results = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<4 {
                group.addTask { keys(Hero.self, depth: 600) }
            }
            return await group.reduce(into: [Bool]()) { $0 += $1 }
        }
        #expect(results.count == 4 * 601)
        #expect(results.allSatisfy { $0 })
    }

    @Test func typedKeyNamesTheModuleQualifiedType() {
        #expect(Key(Hero.self, id: 42).value == "StorageTests.KeyTests.Hero#42")
    }

    enum Outer {
        struct Inner<T> {}
    }

    @Test func typedKeyNamesTypesAsStringReflectingDoes() {
        typealias Nested = Outer.Inner<[Hero?]>
        #expect(Key(Nested.self, id: "x").value == String(reflecting: Nested.self) + "#x")
        #expect(Key(Int.self, id: 1).value == "Swift.Int#1")
    }

    @Test func keysOfDifferentTextDifferAndHashConsistently() {
        #expect(Key("a") != Key("b"))
        #expect(Set([Key("a"), Key("a"), Key("b")]).count == 2)
    }
}
