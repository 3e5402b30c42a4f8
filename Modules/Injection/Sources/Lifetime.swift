/// How often a registration's builder runs within one container.
public enum Lifetime: String, Sendable {
    /// Built at most once per container; every resolve returns that instance.
    case single
    /// Built anew on every resolve.
    case factory
}
