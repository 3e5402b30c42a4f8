/// A property of a parser that an input broke, said in one line.
public struct FuzzFailure: Error, Equatable, CustomStringConvertible {
    /// What broke, with the values involved.
    public let description: String
}

/// Throws `FuzzFailure(message)` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    guard condition else { throw FuzzFailure(description: message()) }
}
