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
        case readOfMissingFileThrows
        case writeIntoMissingDirectoryThrows
        case removeDeletesTheFile
        case removeOfMissingFileIsHarmless
        case contentsListsDirectEntriesOnly
        case createDirectoryMakesParentsAndIsIdempotent

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
        switch spec {
        case .readsWhatWasWritten:
            try fileSystem.write(Data([1, 2, 3]), to: file)
            #expect(try fileSystem.read(file) == Data([1, 2, 3]), sourceLocation: sourceLocation)
        case .writeReplacesTheWholeFile:
            try fileSystem.write(Data(repeating: 7, count: 100), to: file)
            try fileSystem.write(Data([9]), to: file)
            #expect(try fileSystem.read(file) == Data([9]), sourceLocation: sourceLocation)
        case .readOfMissingFileThrows:
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.read(file) }
        case .writeIntoMissingDirectoryThrows:
            let nowhere = directory.appendingPathComponent("missing/file.bin")
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.write(Data([1]), to: nowhere) }
        case .removeDeletesTheFile:
            try fileSystem.write(Data([1]), to: file)
            try fileSystem.remove(file)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try fileSystem.read(file) }
        case .removeOfMissingFileIsHarmless:
            try fileSystem.remove(file)
        case .contentsListsDirectEntriesOnly:
            let nested = directory.appendingPathComponent("nested")
            try fileSystem.createDirectory(nested)
            try fileSystem.write(Data([1]), to: file)
            try fileSystem.write(Data([2]), to: nested.appendingPathComponent("inner.bin"))
            let names = try fileSystem.contents(of: directory).map(\.lastPathComponent).sorted()
            #expect(names == ["file.bin", "nested"], sourceLocation: sourceLocation)
        case .createDirectoryMakesParentsAndIsIdempotent:
            let deep = directory.appendingPathComponent("a/b/c")
            try fileSystem.createDirectory(deep)
            try fileSystem.createDirectory(deep)
            try fileSystem.write(Data([1]), to: deep.appendingPathComponent("x"))
            #expect(try fileSystem.read(deep.appendingPathComponent("x")) == Data([1]), sourceLocation: sourceLocation)
        }
    }
}
