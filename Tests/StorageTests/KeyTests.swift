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
