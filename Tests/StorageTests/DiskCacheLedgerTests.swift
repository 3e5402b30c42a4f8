import Foundation
import Testing

@testable import Storage

/// The hits-and-misses ledger is bookkeeping: bounded reads, never another program's file.
@Suite struct DiskCacheLedgerTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func countsAddUpAcrossRunsAndResetToZero() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = DiskCacheLedger(directory: folder)
        #expect(try ledger.totals() == DiskCacheLedger.Totals())
        try ledger.add(CacheStatistics(hits: 2, misses: 1))
        try ledger.add(CacheStatistics(hits: 1, misses: 0))
        #expect(try ledger.totals() == DiskCacheLedger.Totals(hits: 3, misses: 1))
        try ledger.reset()
        #expect(try ledger.totals() == DiskCacheLedger.Totals())
    }

    @Test(arguments: [#"{"hits":1,"misses":2,"mine":true}"#, #"[1,2]"#, "not json", #"{"hits":"1","misses":2}"#])
    func aFileThatIsNotTheLedgerIsNeverOverwritten(_ contents: String) throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = DiskCacheLedger(directory: folder)
        try Data(contents.utf8).write(to: ledger.file)
        #expect(throws: DiskCacheLedger.Failure.self) { try ledger.add(CacheStatistics(hits: 1)) }
        #expect(throws: DiskCacheLedger.Failure.self) { try ledger.reset() }
        #expect(try String(contentsOf: ledger.file, encoding: .utf8) == contents)
    }

    @Test func aHugeSparseLedgerIsRefusedWithoutBeingRead() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = DiskCacheLedger(directory: folder)
        #expect(FileManager.default.createFile(atPath: ledger.file.path, contents: nil))
        #expect(truncate(ledger.file.path, 3 << 30) == 0)
        #expect {
            try ledger.totals()
        } throws: { error in
            guard case DiskCacheLedger.Failure.storage(.tooLarge) = error else { return false }
            return true
        }
    }
}
