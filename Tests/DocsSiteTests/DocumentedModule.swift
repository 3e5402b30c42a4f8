import Foundation
import Testing

/// A module the documentation site has a page for, as this repository holds it: every folder of
/// `Modules/`, and the manifest API; with a public symbol its catalog's root article lists.
struct DocumentedModule: Sendable, CustomTestStringConvertible {
    /// The module's name, its page's title.
    let name: String
    /// The first symbol the root article's Topics link, as its page names it; nil without a catalog.
    let symbol: String?

    var testDescription: String { name }

    /// The repository this file is in.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every module of the repository that the site documents, by name.
    static let all: [DocumentedModule] = {
        let modules = root.appendingPathComponent("Modules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []
        var found = names.sorted().map { name in
            let folder = modules.appendingPathComponent(name)
            let catalog = [folder.appendingPathComponent("Sources/\(name).docc"), folder.appendingPathComponent("\(name).docc")]
            return DocumentedModule(name: name, symbol: catalog.lazy.compactMap { firstSymbol(in: $0, of: name) }.first)
        }
        let description = root.appendingPathComponent("Manifests/WorkspaceDescription/WorkspaceDescription.docc")
        found.append(DocumentedModule(name: "WorkspaceDescription", symbol: firstSymbol(in: description, of: "WorkspaceDescription")))
        return found
    }()

    /// The first symbol link after `## Topics` in `catalog`'s root article, reduced to the name its
    /// page shows for it: the link's first path component, without parameters or a disambiguation.
    private static func firstSymbol(in catalog: URL, of module: String) -> String? {
        guard let article = try? String(contentsOf: catalog.appendingPathComponent("\(module).md"), encoding: .utf8),
            let topics = article.range(of: "\n## Topics\n")
        else { return nil }
        guard let start = article[topics.upperBound...].range(of: "``") else { return nil }
        let link = article[start.upperBound...].prefix { $0 != "`" }
        return String(link.prefix { $0 != "/" && $0 != "(" && $0 != "-" })
    }
}
