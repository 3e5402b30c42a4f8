import Foundation

/// What a failed file operation says in one line: the system's reason, and the file it names.
enum FileFailure {
    /// Why `error` happened, as the system says it (`Not a directory`, `Permission denied`), or
    /// Foundation's description when it gives no reason of the system's.
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as NSError?, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return error.localizedDescription
    }

    /// One line for `error`: `<file>: <reason>` when it names a file, else its description.
    static func describe(_ error: any Error) -> String {
        guard let path = (error as? CocoaError)?.filePath else { return error.localizedDescription }
        return "\(path): \(reason(error))"
    }
}
