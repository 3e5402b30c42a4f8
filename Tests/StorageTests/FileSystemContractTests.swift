import Foundation
import Storage
import StorageTesting
import Testing

@Suite struct FileSystemContractTests {
    @Test(arguments: FileSystemContract.Spec.allCases)
    func localFileSystem(_ spec: FileSystemContract.Spec) throws {
        let directory = try TemporaryDirectory()
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

        fileSystem.failReads(with: CachingSpy.InjectedFailure())
        fileSystem.failWrites(with: CachingSpy.InjectedFailure())
        fileSystem.failRemovals(with: CachingSpy.InjectedFailure())
        #expect(throws: CachingSpy.InjectedFailure.self) { try fileSystem.read(file) }
        #expect(throws: CachingSpy.InjectedFailure.self) { try fileSystem.write(Data([2]), to: file) }
        #expect(throws: CachingSpy.InjectedFailure.self) { try fileSystem.remove(file) }

        fileSystem.failReads(with: nil)
        #expect(try fileSystem.read(file) == Data([1]))
    }
}
