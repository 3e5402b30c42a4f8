/// The error a double throws when a test has asked it to fail.
public struct InjectedFailure: Error, Equatable {
    /// Makes the failure.
    public init() {}
}
