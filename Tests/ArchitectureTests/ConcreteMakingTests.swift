import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// Concretes meet in the composition root only: the interface layer never makes a type of an
/// inner module that implements one of that module's protocols (a cache, a file system, a cache's
/// maintenance or ledger); it is handed one.
@Suite(.onOwnThread) struct ConcreteMakingTests {
    @Test func theInterfaceLayerMakesNoImplementationOfAnInnerModulesProtocol() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        var concretes: Set<String> = []
        for module in workspace.modules where ["feature", "domain", "data"].contains(module.layer) {
            concretes.formUnion(try Self.implementations(in: module))
        }
        #expect(concretes.isSuperset(of: ["DiskCache", "LocalFileSystem", "DiskCacheMaintenance", "DiskCacheLedger"]))
        let made = try workspace.modules.filter { $0.layer == "interface" }.flatMap(ModuleSources.words(of:))
            .filter { concretes.contains($0.text) && $0.next == "(" }.map { "\($0.place): \($0.text)(" }
        #expect(made == [])
    }

    /// The types `module` declares whose inheritance list names one of its own protocols.
    static func implementations(in module: Module) throws -> Set<String> {
        let words = try ModuleSources.words(of: module)
        let protocols = Set(words.filter { $0.previous == "protocol" }.map(\.text))
        var found: Set<String> = []
        var declared: String?
        for word in words {
            if ["struct", "class", "actor", "enum"].contains(word.previous) {
                declared = word.text
            } else if let type = declared, protocols.contains(word.text) {
                found.insert(type)
            }
            if word.next == "{" { declared = nil }
        }
        return found
    }
}
