import Commands
import Foundation
import Storage
import Testing

@testable import Commands

/// The hits-and-misses ledger is bookkeeping: bounded reads, never another program's file.
@Suite struct CacheLedgerTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func countsAddUpAcrossRunsAndResetToZero() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = CacheLedger(directory: folder)
        #expect(try ledger.totals() == CacheLedger.Totals())
        try ledger.add(CacheStatistics(hits: 2, misses: 1))
        try ledger.add(CacheStatistics(hits: 1, misses: 0))
        #expect(try ledger.totals() == CacheLedger.Totals(hits: 3, misses: 1))
        try ledger.reset()
        #expect(try ledger.totals() == CacheLedger.Totals())
    }

    @Test(arguments: [#"{"hits":1,"misses":2,"mine":true}"#, #"[1,2]"#, "not json", #"{"hits":"1","misses":2}"#])
    func aFileThatIsNotTheLedgerIsNeverOverwritten(_ contents: String) throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = CacheLedger(directory: folder)
        try Data(contents.utf8).write(to: ledger.file)
        #expect(throws: CacheLedger.Failure.self) { try ledger.add(CacheStatistics(hits: 1)) }
        #expect(throws: CacheLedger.Failure.self) { try ledger.reset() }
        #expect(try String(contentsOf: ledger.file, encoding: .utf8) == contents)
    }

    @Test func aHugeSparseLedgerIsRefusedWithoutBeingRead() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = CacheLedger(directory: folder)
        #expect(FileManager.default.createFile(atPath: ledger.file.path, contents: nil))
        #expect(truncate(ledger.file.path, 3 << 30) == 0)
        #expect {
            try ledger.totals()
        } throws: { error in
            guard case CacheLedger.Failure.storage(.tooLarge) = error else { return false }
            return true
        }
    }
}
