import Persistence

/// Test support for Persistence: its doubles and spec suites live in this target.
public enum PersistenceDoubles {
    /// The module these doubles stand in for.
    public static let module = PersistenceModule.name
}
