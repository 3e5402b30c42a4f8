/// Why a child process could not be run; a child that ran and failed is a `ChildProcess.Result`.
public enum ChildProcessError: Error, Equatable, CustomStringConvertible {
    /// The program was not found, or the system would not start it.
    case cannotStart(program: String, reason: String)
    /// The system refused a pipe or another resource the run needs.
    case cannotPrepare(String)

    /// One line naming what could not be done.
    public var description: String {
        switch self {
        case .cannotStart(let program, let reason): "cannot run \(program): \(reason)"
        case .cannotPrepare(let reason): "cannot prepare a child process: \(reason)"
        }
    }
}
