/// Describes the Persistence module as its manifest declares it.
public enum PersistenceModule {
    /// The module's name.
    public static let name = "Persistence"
    /// The modules Persistence imports directly.
    public static let dependencies: [String] = []
}
