import Persistence
import PersistenceTesting
import Testing

@Test func moduleMatchesItsManifest() {
    #expect(PersistenceModule.name == "Persistence")
    #expect(PersistenceModule.dependencies == [])
    #expect(PersistenceDoubles.module == PersistenceModule.name)
}
