import Foundation
import Storage
import Testing

/// The behaviour every `FileSystem` must have, as one spec suite a test target runs against
/// its own implementation, given a fresh empty directory:
///
/// ```swift
/// @Test(arguments: FileSystemContract.Spec.allCases)
/// func meetsTheContract(_ spec: FileSystemContract.Spec) throws {
///     try FileSystemContract.verify(spec, on: MyFileSystem(), in: directory)
/// }
/// ```
public enum FileSystemContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case readsWhatWasWritten
        case writeReplacesTheWholeFile
        case writeLeavesNoOtherFiles
        case readOfMissingFileIsNil
        case writeIntoMissingDirectoryThrows
        case removeDeletesTheFile
        case removeOfMissingFileIsHarmless
        case contentsListsDirectEntriesOnly
        case contentsListsHiddenFiles
        case contentsOfMissingDirectoryThrows
        case attributesReportSizeAndModificationDate
        case attributesOfMissingFileAreNil
        case modificationDateCanBeSet
        case settingModificationDateOfMissingFileThrows
        case createDirectoryMakesParentsAndIsIdempotent
        case createDirectoryOverAFileThrows
        case emptyFileRoundTrips
        case readOfAFileOverTheLimitThrowsTooLarge
        case readOfADirectoryThrowsNotARegularFile
        case attributesTellFilesFromDirectories
        case readByPathIsReadByURL

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// Checks `spec` on `fileSystem` inside `directory`, which exists and is empty.
    public static func verify(
        _ spec: Spec,
        on fileSystem: any FileSystem,
        in directory: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = directory.appendingPathComponent("file.bin")
        let names = { try fileSystem.contents(of: directory).map(\.lastPathComponent).sorted() }
        switch spec {
        case .readsWhatWasWritten:
            try fileSystem.write(Data([1, 2, 3]), to: file)
            #expect(try fileSystem.read(file) == Data([1, 2, 3]), sourceLocation: sourceLocation)
        case .writeReplacesTheWholeFile:
            try fileSystem.write(Data(repeating: 7, count: 100), to: file)
            try fileSystem.write(Data([9]), to: file)
            #expect(try fileSystem.read(file) == Data([9]), sourceLocation: sourceLocation)
        case .writeLeavesNoOtherFiles:
            try fileSystem.write(Data([1]), to: file)
            try fileSystem.write(Data([2]), to: file)
            #expect(try names() == ["file.bin"], sourceLocation: sourceLocation)
        case .readOfMissingFileIsNil:
            #expect(try fileSystem.read(file) == nil, sourceLocation: sourceLocation)
        case .writeIntoMissingDirectoryThrows:
            let nowhere = directory.appendingPathComponent("missing/file.bin")
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.write(Data([1]), to: nowhere) }
            #expect(try names() == [], sourceLocation: sourceLocation)
        case .removeDeletesTheFile:
            try fileSystem.write(Data([1]), to: file)
            try fileSystem.remove(file)
            #expect(try fileSystem.read(file) == nil, sourceLocation: sourceLocation)
            #expect(try names() == [], sourceLocation: sourceLocation)
        case .removeOfMissingFileIsHarmless:
            try fileSystem.remove(file)
            #expect(try names() == [], sourceLocation: sourceLocation)
        case .contentsListsDirectEntriesOnly:
            let nested = directory.appendingPathComponent("nested")
            try fileSystem.createDirectory(nested)
            try fileSystem.write(Data([1]), to: file)
            try fileSystem.write(Data([2]), to: nested.appendingPathComponent("inner.bin"))
            #expect(try names() == ["file.bin", "nested"], sourceLocation: sourceLocation)
        case .contentsListsHiddenFiles:
            try fileSystem.write(Data([1]), to: directory.appendingPathComponent(".hidden"))
            #expect(try names() == [".hidden"], sourceLocation: sourceLocation)
        case .contentsOfMissingDirectoryThrows:
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
                try fileSystem.contents(of: directory.appendingPathComponent("missing"))
            }
        case .attributesReportSizeAndModificationDate:
            let before = Date().addingTimeInterval(-5)
            try fileSystem.write(Data(repeating: 1, count: 1234), to: file)
            let attributes = try fileSystem.attributes(of: file)
            #expect(attributes?.size == 1234, sourceLocation: sourceLocation)
            #expect(
                attributes.map { $0.modificationDate > before && $0.modificationDate < Date().addingTimeInterval(5) } == true,
                sourceLocation: sourceLocation)
        case .attributesOfMissingFileAreNil:
            #expect(try fileSystem.attributes(of: file) == nil, sourceLocation: sourceLocation)
        case .modificationDateCanBeSet:
            let date = Date(timeIntervalSince1970: 1_500_000_000.25)
            try fileSystem.write(Data([1, 2]), to: file)
            try fileSystem.setModificationDate(date, of: file)
            #expect(try fileSystem.attributes(of: file) == FileAttributes(size: 2, modificationDate: date), sourceLocation: sourceLocation)
            #expect(try fileSystem.read(file) == Data([1, 2]), sourceLocation: sourceLocation)
        case .settingModificationDateOfMissingFileThrows:
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.setModificationDate(Date(), of: file) }
        case .createDirectoryMakesParentsAndIsIdempotent:
            let deep = directory.appendingPathComponent("a/b/c")
            try fileSystem.createDirectory(deep)
            try fileSystem.createDirectory(deep)
            try fileSystem.write(Data([1]), to: deep.appendingPathComponent("x"))
            #expect(try fileSystem.read(deep.appendingPathComponent("x")) == Data([1]), sourceLocation: sourceLocation)
        case .createDirectoryOverAFileThrows:
            try fileSystem.write(Data([1]), to: file)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.createDirectory(file) }
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
                try fileSystem.createDirectory(file.appendingPathComponent("below"))
            }
            #expect(try fileSystem.read(file) == Data([1]), sourceLocation: sourceLocation)
        case .emptyFileRoundTrips:
            try fileSystem.write(Data(), to: file)
            #expect(try fileSystem.read(file) == Data(), sourceLocation: sourceLocation)
            #expect(try fileSystem.attributes(of: file)?.size == 0, sourceLocation: sourceLocation)
        case .readOfAFileOverTheLimitThrowsTooLarge:
            try fileSystem.write(Data(repeating: 1, count: 11), to: file)
            #expect(try fileSystem.read(file, limit: 11) == Data(repeating: 1, count: 11), sourceLocation: sourceLocation)
            #expect(throws: StorageError.tooLarge(path: file.path, size: 11, limit: 10), sourceLocation: sourceLocation) {
                try fileSystem.read(file, limit: 10)
            }
        case .readOfADirectoryThrowsNotARegularFile:
            let nested = directory.appendingPathComponent("nested")
            try fileSystem.createDirectory(nested)
            #expect(throws: StorageError.notARegularFile(path: nested.path), sourceLocation: sourceLocation) {
                try fileSystem.read(nested)
            }
        case .attributesTellFilesFromDirectories:
            let nested = directory.appendingPathComponent("nested")
            try fileSystem.createDirectory(nested)
            try fileSystem.write(Data([1]), to: file)
            #expect(try fileSystem.attributes(of: file)?.isRegularFile == true, sourceLocation: sourceLocation)
            #expect(try fileSystem.attributes(of: nested)?.isRegularFile == false, sourceLocation: sourceLocation)
        case .readByPathIsReadByURL:
            let nested = directory.appendingPathComponent("nested")
            try fileSystem.createDirectory(nested)
            try fileSystem.write(Data(repeating: 3, count: 11), to: file)
            #expect(try fileSystem.read(atPath: file.path, limit: 11) == Data(repeating: 3, count: 11), sourceLocation: sourceLocation)
            #expect(try fileSystem.read(atPath: nested.path + "/../file.bin", limit: 11) != nil, sourceLocation: sourceLocation)
            #expect(try fileSystem.read(atPath: nested.path + "/missing", limit: 11) == nil, sourceLocation: sourceLocation)
            #expect(throws: StorageError.tooLarge(path: file.path, size: 11, limit: 10), sourceLocation: sourceLocation) {
                try fileSystem.read(atPath: file.path, limit: 10)
            }
            #expect(throws: StorageError.notARegularFile(path: nested.path), sourceLocation: sourceLocation) {
                try fileSystem.read(atPath: nested.path, limit: 10)
            }
        }
    }
}
