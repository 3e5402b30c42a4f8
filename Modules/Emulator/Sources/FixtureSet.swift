import DataProviders
import Foundation

/// The characters of a fixture directory: the union of its wrapper files' results,
/// de-duplicated by id (first file in name order wins), ordered by name as the API orders them.
///
/// Each result is kept as the exact JSON object the file holds, so the emulator serves the
/// fixture unchanged.
public struct FixtureSet: Sendable {
    /// One character's JSON object and the fields the emulator filters and sorts on.
    public struct Record: Sendable {
        /// The character's id.
        public let id: Int
        /// The character's name.
        public let name: String
        /// When the character was last modified, if the record says so readably.
        public let modified: Date?
        /// The ids of the comics, series, events and stories its lists name, by kind.
        public let works: [String: Set<Int>]
        /// The result object, byte for byte as its file holds it.
        public let json: Data

        /// The record as `CharacterFilter` sees it.
        public var subject: CharacterFilter.Subject {
            CharacterFilter.Subject(name: name, modified: modified, works: works)
        }
    }

    /// The characters, ordered by name (case-insensitive), then id.
    public let records: [Record]
    /// The attribution of the first wrapper file, repeated in every response.
    public let attribution: Attribution

    /// Loads every `*.json` file in `directory`, in name order; throws `FixtureError`.
    public init(directory: URL) throws {
        let documents = try Self.wrapperFiles(in: directory).map { file in (name: file.path, json: try Self.contents(of: file)) }
        try self.init(documents: documents)
    }

    /// Loads wrapper JSON documents held in memory, in order; each `name` stands for its
    /// document in errors. Throws `FixtureError.malformed`.
    public init(documents: [(name: String, json: Data)]) throws {
        var seen = Set<Int>()
        var records: [Record] = []
        var attribution: Attribution?
        for document in documents {
            let wrapper = try Self.wrapper(document.json, name: document.name)
            attribution = attribution ?? Attribution(wrapper)
            for record in try Self.records(in: wrapper, of: document.json, name: document.name) where seen.insert(record.id).inserted {
                records.append(record)
            }
        }
        self.records = records.sorted { lhs, rhs in
            let order = lhs.name.compare(rhs.name, options: [.caseInsensitive, .literal])
            return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
        }
        self.attribution = attribution ?? Attribution([:])
    }

    /// The fixture set bundled with the product, in the Emulator resources.
    public static func bundledDirectory() throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureError.bundleMissing
        }
        return url
    }

    private static func wrapperFiles(in directory: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureError.directoryNotFound(path: directory.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw FixtureError.unreadable(path: directory.path, reason: error.localizedDescription)
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
        guard !files.isEmpty else { throw FixtureError.noWrapperFiles(path: directory.path) }
        return files
    }

    /// The most bytes one fixture file may hold: about 25 000 characters, far beyond any page.
    public static let maxFileBytes = 32 << 20

    /// The file's bytes, read only when it is a regular file of at most `maxFileBytes`.
    private static func contents(of file: URL) throws -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
        } catch {
            throw FixtureError.unreadable(path: file.path, reason: error.localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw FixtureError.malformed(path: file.path, reason: "it is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes else {
            throw FixtureError.malformed(
                path: file.path, reason: "it holds \(size) bytes, more than the \(maxFileBytes) a fixture file may")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw FixtureError.unreadable(path: file.path, reason: error.localizedDescription)
        }
    }

    private static func wrapper(_ data: Data, name: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: data), let wrapper = object as? [String: Any] else {
            throw FixtureError.malformed(path: name, reason: "it is not a JSON object")
        }
        if let duplicate = DuplicateKeyFinder.first(in: [UInt8](data)) {
            throw FixtureError.malformed(path: name, reason: "\(duplicate.path) has the key '\(duplicate.key)' twice")
        }
        return wrapper
    }

    private static func records(in wrapper: [String: Any], of document: Data, name file: String) throws -> [Record] {
        guard let container = wrapper["data"] as? [String: Any], let results = container["results"] as? [Any] else {
            throw FixtureError.malformed(path: file, reason: "it has no data.results array")
        }
        let bytes = [UInt8](document)
        guard let slices = JSONSlicer.elements(ofArrayAt: ["data", "results"], in: bytes), slices.count == results.count else {
            throw FixtureError.malformed(path: file, reason: "its data.results array cannot be read element by element")
        }
        return try results.enumerated().map { index, element in
            guard let object = element as? [String: Any],
                let id = (object["id"] as? NSNumber)?.intValue,
                let name = object["name"] as? String
            else {
                throw FixtureError.malformed(path: file, reason: "data.results[\(index)] has no integer id and string name")
            }
            let json = Data(bytes[slices[index]])
            return Record(
                id: id, name: name, modified: (object["modified"] as? String).flatMap(MarvelDate.parse), works: works(of: object),
                json: json)
        }
    }

    /// The ids the result's `comics`, `series`, `events` and `stories` items name.
    private static func works(of object: [String: Any]) -> [String: Set<Int>] {
        var works: [String: Set<Int>] = [:]
        for kind in CharacterFilter.workKinds {
            let items = (object[kind] as? [String: Any])?["items"] as? [Any] ?? []
            let ids = items.compactMap { item in
                ((item as? [String: Any])?["resourceURI"] as? String).flatMap(CharacterFilter.Subject.workID(resourceURI:))
            }
            works[kind] = Set(ids)
        }
        return works
    }
}

/// The copyright and attribution lines a Marvel wrapper carries.
public struct Attribution: Sendable, Equatable {
    /// The copyright notice.
    public let copyright: String
    /// The attribution as text.
    public let text: String
    /// The attribution as HTML.
    public let html: String

    init(_ wrapper: [String: Any]) {
        copyright = wrapper["copyright"] as? String ?? "© Excelsior fixtures"
        text = wrapper["attributionText"] as? String ?? "Fixture data."
        html = wrapper["attributionHTML"] as? String ?? text
    }
}
