import Foundation
import TestSupport
import Testing

/// The site the browser tests open: the folder `EXCELSIOR_DOCS_SITE` names, which `.ci/run` builds
/// first with `swift run workspace docs`. Building it inside `swift test` would take the package's
/// build lock from under it and build everything twice.
enum BuiltSite {
    /// The site's folder, or nil when none is named.
    static let folder = ProcessInfo.processInfo.environment["EXCELSIOR_DOCS_SITE"].map { URL(fileURLWithPath: $0) }

    /// Why the tests are skipped without a site, and how to run them.
    static let hint =
        "no documentation site to open; run 'swift run workspace docs', then EXCELSIOR_DOCS_SITE=.build/docs swift test --filter DocsSiteTests"
}

/// The site `swift run workspace docs` built, served over loopback HTTP and opened in a headless
/// browser, one page at a time: DocC's pages render their module's title and symbols.
@Suite(
    .onOwnThread, .serialized,
    .enabled(if: BuiltSite.folder != nil, Comment(rawValue: BuiltSite.hint)),
    .enabled(if: HeadlessBrowser.isInstalled, Comment(rawValue: HeadlessBrowser.installHint)))
struct DocsSiteBrowserTests {
    /// The text a person sees of `dom`: its tags taken out, so a name the page breaks with `<wbr>` reads whole.
    private static func text(of dom: String) -> String {
        dom.replacing(/<[^>]*>/, with: "")
    }

    /// The content of `dom`'s `<title>`, which DocC's scripts set once the page has rendered.
    private static func title(of dom: String) -> String? {
        dom.firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.1) }
    }

    @Test(.timeLimit(.minutes(5)))
    func theFrontPageLeadsToALandingPageListingEveryModule() async throws {
        let site = try #require(BuiltSite.folder)
        let dom = try await StaticFileServer.serving(site) { try await HeadlessBrowser.renderedDOM(of: $0) }
        let text = Self.text(of: dom)
        let rendered = text.contains("View API collection")
        #expect(rendered, "DocC's landing page did not render: \(text.prefix(300))")
        let missing = DocumentedModule.all.map(\.name).filter { !text.contains($0) }
        #expect(missing == [], "the landing page does not list these modules")
    }

    @Test(.timeLimit(.minutes(5)), arguments: DocumentedModule.all)
    func eachModulesPageRendersItsTitleAndASymbol(_ module: DocumentedModule) async throws {
        let site = try #require(BuiltSite.folder)
        let dom = try await StaticFileServer.serving(site) { base in
            try await HeadlessBrowser.renderedDOM(of: base.appendingPathComponent("documentation/\(module.name.lowercased())/"))
        }
        let text = Self.text(of: dom)
        let title = Self.title(of: dom) ?? ""
        #expect(title.hasPrefix("\(module.name) "), "the page did not render: \(text.prefix(300))")
        if let symbol = module.symbol {
            let shown = text.contains(symbol)
            #expect(shown, "\(module.name)'s page does not show \(symbol): \(text.prefix(300))")
        }
    }
}
