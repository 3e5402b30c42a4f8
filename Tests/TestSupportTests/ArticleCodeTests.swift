import TestSupport
import Testing

@Suite struct ArticleCodeTests {
    private let article = ArticleCode(
        markdown: """
            # Title

            ```swift
            let answer = 42

            print(answer)
            ```

            Some text, and a block of another language:

            ```sh
            swift test
            ```

            ```swift
            struct Point {}
            ```
            """)

    @Test func readsOnlyTheSwiftBlocks() {
        #expect(article.blocks == [["let answer = 42", "", "print(answer)"], ["struct Point {}"]])
    }

    @Test func aSourceHoldsABlockAtAnyIndentation() {
        let source = """
            struct Point {}

            func run() {
                let answer = 42

                print(answer)
            }
            """
        #expect(article.blocksMissing(from: source) == [])
    }

    @Test func aBlockChangedOrIndentedUnevenlyIsMissing() {
        let source = """
            struct Point { let x: Int }

            func run() {
                let answer = 42

                    print(answer)
            }
            """
        #expect(article.blocksMissing(from: source) == ["let answer = 42", "struct Point {}"])
    }
}
