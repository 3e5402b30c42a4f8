import Foundation
import Storage
import TestSupport
import Testing

/// A modification date becomes whole seconds for `utimensat`: one that is no number of seconds an
/// `Int` holds is refused with an error, never a trap, and leaves the file's date alone.
@Suite struct LocalFileSystemDateTests {
    @Test func aDateThatIsNoTimeIsRefusedAndAnyOtherIsSet() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-dates")
        defer { directory.remove() }
        let fileSystem = LocalFileSystem()
        let url = directory.url.appendingPathComponent("entry")
        try fileSystem.write(Data("x".utf8), to: url)
        let kept = Date(timeIntervalSince1970: 1_700_000_000)
        try fileSystem.setModificationDate(kept, of: url)
        for seconds in DoubleSamples.edges {
            let date = Date(timeIntervalSince1970: seconds)
            let whole = date.timeIntervalSince1970.rounded(.down)
            if whole >= -9_223_372_036_854_775_808.0, whole < 9_223_372_036_854_775_808.0 {
                // Some of these are beyond what the file system stores; any outcome but a trap will do.
                _ = try? fileSystem.setModificationDate(date, of: url)
                try fileSystem.setModificationDate(kept, of: url)
            } else {
                #expect(throws: StorageError.self, "\(seconds)") { try fileSystem.setModificationDate(date, of: url) }
                #expect(try fileSystem.attributes(of: url)?.modificationDate == kept, "\(seconds)")
            }
        }
    }
}
