import Storage

/// What a `Key` must be, worked out the plain way, for any implementation of keys and type names
/// to be held to: a typed key's text is `String(reflecting:)` of its type, `#` and the id's
/// description, a raw key's is `raw:` and its text, and two keys are equal exactly when their
/// texts are (and then hash equally).
public enum KeyReference {
    /// The name of `type` in a typed key: what `String(reflecting:)` prints.
    public static func typeName<T>(of type: T.Type) -> String {
        String(reflecting: type)
    }

    /// The text of the key of the value of type `type` with identifier `id`.
    public static func text<T>(of type: T.Type, id: some CustomStringConvertible) -> String {
        typeName(of: type) + "#" + id.description
    }

    /// The text of the raw key made from `raw`.
    public static func text(raw: String) -> String {
        "raw:" + raw
    }
}
