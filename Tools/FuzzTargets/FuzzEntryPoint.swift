import Foundation

/// The target `EXCELSIOR_FUZZ_TARGET` names; when it names none, the process lists the targets
/// and what each checks, and ends.
private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["EXCELSIOR_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let targets = FuzzTarget.all.map { "  \($0.name): \($0.checks)" }.joined(separator: "\n")
        FileHandle.standardError.write(Data("fuzz: set EXCELSIOR_FUZZ_TARGET to a target (got '\(name)'):\n\(targets)\n".utf8))
        exit(64)
    }
    return target
}()

/// libFuzzer's entry point (and the replaying `main`'s in a build without libFuzzer): runs one
/// input through the selected target and aborts, which libFuzzer records as a crash, when a check fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    do {
        try selectedTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    } catch {
        FileHandle.standardError.write(Data("fuzz: \(selectedTarget.name): \(error.description)\n".utf8))
        abort()
    }
    return 0
}
