/// An `orderBy` value of `GET /v1/public/characters`: a field, ascending or descending.
public enum CharacterOrder: String, Sendable, CaseIterable {
    /// By name, A to Z (the API's default).
    case name
    /// By name, Z to A.
    case nameDescending = "-name"
    /// By last modification, oldest first.
    case modified
    /// By last modification, newest first.
    case modifiedDescending = "-modified"
}
