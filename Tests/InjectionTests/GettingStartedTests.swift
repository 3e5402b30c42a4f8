import Foundation
import Injection
import TestSupport
import Testing

// The code of Modules/Injection/Sources/Injection.docc/GettingStarted.md, block for block, so the
// article's code is proven to compile and run.

protocol Greeting: Sendable {
    func greet(_ name: String) -> String
}

struct PlainGreeting: Greeting {
    func greet(_ name: String) -> String { "Hello, \(name)." }
}

final class Greeter: Sendable {
    let greeting: any Greeting

    init(greeting: any Greeting) {
        self.greeting = greeting
    }
}

let greetings = Component {
    single { PlainGreeting() as any Greeting }
    factory { try Greeter(greeting: $0()) }
}

struct ShoutingGreeting: Greeting {
    func greet(_ name: String) -> String { "HELLO, \(name.uppercased())!" }
}

actor Guestbook {
    private var names: [String] = []

    static func open() async throws -> Guestbook { Guestbook() }

    func sign(_ name: String) -> Int {
        names.append(name)
        return names.count
    }
}

let guestbooks = Component {
    single { try await Guestbook.open() }
}

@Suite struct GettingStartedTests {
    @Test func theArticleHoldsThisFilesCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try ArticleCode(contentsOf: root.appendingPathComponent("Modules/Injection/Sources/Injection.docc/GettingStarted.md"))
        #expect(article.blocks.count == 8)
        #expect(article.blocksMissing(from: try String(contentsOf: here, encoding: .utf8)) == [])
    }

    @Test func resolvesFromAContainer() throws {
        let container = try Container(greetings)
        let greeter: Greeter = try container.resolve()
        let text = greeter.greeting.greet("Ada")  // "Hello, Ada."
        #expect(text == "Hello, Ada.")
    }

    @Test func aLaterComponentOverridesAnEarlierOne() throws {
        let shouting = Component {
            single { ShoutingGreeting() as any Greeting }
        }
        let container = try Container(greetings, overriding: shouting)
        let greeter: Greeter = try container.resolve()
        let text = greeter.greeting.greet("Ada")  // "HELLO, ADA!"
        #expect(text == "HELLO, ADA!")
    }

    @Test func anAsyncBuilderIsResolvedWithAwaitAndTheGraphShowsIt() async throws {
        let container = try Container(greetings, guestbooks)
        let guestbook: Guestbook = try await container.resolve()
        let signatures = await guestbook.sign("Ada")  // 1
        #expect(signatures == 1)
        #expect(throws: ContainerError.self) { let _: Guestbook = try container.resolve() }

        let graph = try await container.verify()
        let lines = graph.text.split(separator: "\n")
        // Greeting (single)
        // Greeter (factory) → Greeting
        // Guestbook (single, async)
        #expect(lines == ["Greeting (single)", "Greeter (factory) → Greeting", "Guestbook (single, async)"])
    }
}
