/// Each chosen backend's own settings, one value per type (a `RedisConfiguration`, a
/// `PostgresConfiguration`): written by the backend's `configure`, read by its builder, so a new
/// backend adds no field to `AppConfiguration`.
struct BackendSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// The value of type `T`, if a backend set one.
    subscript<T: Sendable>(_ type: T.Type) -> T? {
        get { values[ObjectIdentifier(type)] as? T }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
