import Emulator

/// The bundled fixture set, loaded once for every test that reads it.
public enum BundledFixtures {
    private static let loaded = Result { try FixtureSet(directory: FixtureSet.bundledDirectory()) }

    /// The set, or the error loading it gave.
    public static func set() throws -> FixtureSet {
        try loaded.get()
    }
}
