/// One parser of untrusted bytes under fuzzing: a name, what it checks, and the check itself,
/// which throws `FuzzFailure` when a property breaks (a crash in the parser crashes as it is).
public struct FuzzTarget: Sendable {
    /// The name `EXCELSIOR_FUZZ_TARGET` selects and the corpus folder is named after.
    public let name: String
    /// What the target checks beyond "does not crash", for `fuzz` to list when no target is chosen.
    public let checks: String
    /// Runs one input through the parser and its checks.
    public let run: @Sendable (UnsafeRawBufferPointer) throws(FuzzFailure) -> Void

    /// Every target.
    public static let all: [FuzzTarget] = [
        .payload, .payloadValues, .resp, .httpResponse, .httpRequest, .fixtures, .marvelDate,
    ]

    /// The target called `name`, if any.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }

    /// Runs `bytes` through the target.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(FuzzFailure) in try run(buffer) } }.get()
    }
}
