import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

@Suite struct FileSystemContractTests {
    @Test(arguments: FileSystemContract.Spec.allCases)
    func localFileSystem(_ spec: FileSystemContract.Spec) throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        try FileSystemContract.verify(spec, on: LocalFileSystem(), in: directory.url)
    }

    @Test(arguments: FileSystemContract.Spec.allCases)
    func inMemoryFileSystem(_ spec: FileSystemContract.Spec) throws {
        let fileSystem = InMemoryFileSystem()
        let directory = URL(fileURLWithPath: "/cache")
        try fileSystem.createDirectory(directory)
        try FileSystemContract.verify(spec, on: fileSystem, in: directory)
    }

    @Test func inMemoryFileSystemFailsOnDemandAndRecovers() throws {
        let fileSystem = InMemoryFileSystem()
        let file = URL(fileURLWithPath: "/cache/file")
        try fileSystem.createDirectory(file.deletingLastPathComponent())
        try fileSystem.write(Data([1]), to: file)

        fileSystem.failReads(with: InjectedFailure())
        fileSystem.failWrites(with: InjectedFailure())
        fileSystem.failRemovals(with: InjectedFailure())
        #expect(throws: InjectedFailure.self) { try fileSystem.read(file) }
        #expect(throws: InjectedFailure.self) { try fileSystem.attributes(of: file) }
        #expect(throws: InjectedFailure.self) { try fileSystem.contents(of: file.deletingLastPathComponent()) }
        #expect(throws: InjectedFailure.self) { try fileSystem.write(Data([2]), to: file) }
        #expect(throws: InjectedFailure.self) { try fileSystem.setModificationDate(Date(), of: file) }
        #expect(throws: InjectedFailure.self) { try fileSystem.createDirectory(URL(fileURLWithPath: "/other")) }
        #expect(throws: InjectedFailure.self) { try fileSystem.remove(file) }

        fileSystem.failReads(with: nil)
        fileSystem.failRemovals(with: nil)
        #expect(try fileSystem.read(file) == Data([1]))
        try fileSystem.remove(file)
        #expect(try fileSystem.read(file) == nil)
    }

    @Test func inMemoryFileSystemDatesWritesByItsClock() throws {
        let clock = ManualClock()
        let fileSystem = InMemoryFileSystem(now: clock.now)
        let file = URL(fileURLWithPath: "/file")
        try fileSystem.write(Data([1]), to: file)
        #expect(try fileSystem.attributes(of: file)?.modificationDate == clock.now())
    }
}
