import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `check` reads imports the way the compiler does: every form of an undeclared import is
/// reported with its file and line, and nothing in a comment, a string or another name counts.
@Suite(.onOwnThread) struct ImportFormTests {
    /// Screen (app layer) declares only Feature; each case writes `source` to one of its files and
    /// expects Core to be reported on `line`.
    private func problems(_ source: String) throws -> [String] {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Screen", layer: "app", dependencies: ["Feature"])
        try fixture.write("Modules/Screen/Sources/Uses.swift", source)
        try fixture.generate()
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(["check"], root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        #expect(status == (err.isEmpty ? 0 : 1))
        return err
    }

    private static func reported(line: Int) -> [String] {
        ["Modules/Screen/Sources/Uses.swift:\(line): Screen implicitly depends on: Core"]
    }

    @Test func anImportEndingInASemicolon() throws {
        #expect(try problems("import Feature\nimport Core;\n") == Self.reported(line: 2))
    }

    @Test func anImportAfterAnotherOnTheSameLine() throws {
        #expect(try problems("import Foundation; import Core\n") == Self.reported(line: 1))
        #expect(try problems("import Foundation;import Core;import Feature\n") == Self.reported(line: 1))
    }

    @Test func anImportWithTheNameOnTheNextLine() throws {
        #expect(try problems("import Feature\nimport\n    Core\n") == Self.reported(line: 3))
    }

    @Test func anImportAfterACommentOnTheSameLine() throws {
        #expect(try problems("/* a comment */ import Core\n") == Self.reported(line: 1))
        #expect(try problems("/* one /* nested */ comment */ import Core\n") == Self.reported(line: 1))
    }

    @Test func anImportAfterAStringOnTheSameLine() throws {
        #expect(try problems(#"let text = "a \"quoted\" word"; import Core"# + "\n") == Self.reported(line: 1))
        #expect(try problems(##"let text = #"raw " quote"#; import Core"## + "\n") == Self.reported(line: 1))
        #expect(try problems(#"let text = "\(f(")"))"; import Core"# + "\n") == Self.reported(line: 1))
    }

    @Test(arguments: [
        "@_weakLinked import Core", "@testable import Core", "@preconcurrency import Core", "@_exported import Core",
        "@_implementationOnly import Core", "@_spi(Internal) import Core", "@_spiOnly import Core", "@_spi(A) @testable import Core",
        "public import Core", "package import Core", "internal import Core", "fileprivate import Core", "private import Core",
        "@preconcurrency internal import Core", "@_weakLinked\nimport Core",
    ])
    func anImportWithAttributesAndModifiers(declaration: String) throws {
        let line = declaration.split(separator: "\n").count
        #expect(try problems(declaration + "\n") == Self.reported(line: line))
    }

    @Test(arguments: [
        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor", "macro",
    ])
    func anImportOfOneDeclaration(kind: String) throws {
        #expect(try problems("import \(kind) Core.Thing\n") == Self.reported(line: 1))
    }

    @Test func anImportOfASubmoduleOrAnEscapedName() throws {
        #expect(try problems("import Core.Submodule\n") == Self.reported(line: 1))
        #expect(try problems("import `Core`\n") == Self.reported(line: 1))
    }

    @Test(arguments: [
        ("#if DEBUG\nimport Core\n#endif\n", 2),
        ("#if os(Linux)\nimport Feature\n#else\nimport Core\n#endif\n", 4),
        ("#if os(Linux)\n#elseif os(macOS)\n    import Core\n#endif\n", 3),
        ("#if A\n#if B\nimport Core\n#endif\n#endif\n", 3),
        ("#if false\nimport Core\n#endif\n", 2),
        ("#if canImport(Core)\n#endif\n", 1),
        ("#if os(Linux)\n#elseif canImport(Core, _version: 2)\n#endif\n", 2),
    ])
    func anImportInAnyBranchOfAConditionalBlock(source: String, line: Int) throws {
        #expect(try problems(source) == Self.reported(line: line))
    }

    /// An import after a multi-line string or comment is on the line the compiler says.
    @Test func linesAreCountedThroughMultiLineLiteralsAndComments() throws {
        let source = """
            let text = \"\"\"
                first
                \\(value("\\n"))
                \"\"\"
            /*
             import Core
             */
            let raw = #\"\"\"
                "\"\"
                \"\"\"#
            import Core
            """
        #expect(try problems(source + "\n") == Self.reported(line: 11))
    }

    /// A regex literal may hold quotes: they open no string.
    @Test func anImportAfterARegexLiteralHoldingQuotes() throws {
        #expect(try problems("let quote = /\"\"\"/\nimport Core\nlet end = #/\"/#\n") == Self.reported(line: 2))
    }

    @Test(arguments: [
        "let importantCore = 1",
        "let value = options.import\nlet core = Core.self",
        "call(import: Core.self)",
        "func take(import core: Int) {}",
        "let `import` = 1",
        "/// import Core",
        "// import Core",
        "/* import Core */",
        "/* outer /* import Core */ import Core */",
        "/**\n import Core\n */",
        "let text = \"import Core\"",
        "let text = \"\"\"\n    import Core\n    \"\"\"",
        "let text = #\"import Core\"#",
        "let text = ##\"\"#; import Core\"##",
        "let text = #\"\"\"\n    \"\"\"\n    import Core\n    \"\"\"#",
        "let text = \"\\(\"import Core\")\"",
        "let text = \"\\(f(\")\")) import Core\"",
        "let text = \"escaped \\\" import Core\"",
        "let pattern = /import Core/",
        "let pattern = #/\nimport Core\n/#",
        "let open = /\"\"\"/\nlet text = \"\"\"\n    import Core\n    \"\"\"",
        "let note = \"#if canImport(Core)\"",
    ])
    func lookAlikesAreNotImports(source: String) throws {
        #expect(try problems("import Feature\n" + source + "\n") == [])
    }

    /// `rename` reads imports with the same tokenizer: every form above is renamed, and no look-alike.
    @Test func renameRewritesEveryFormOfImportAndNoLookAlike() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let source = """
            import Foundation; import Core
            @_weakLinked import
                Core.Submodule
            #if canImport(CoreTesting)
            import struct CoreTesting.Double
            #endif
            // import Core
            let text = "import Core"

            """
        try fixture.write("Tests/FeatureTests/Forms.swift", source)
        var err: [String] = []
        #expect(WorkspaceCommand.run(["rename", "Core", "Kernel"], root: fixture.root, out: { _ in }, err: { err.append($0) }) == 0)
        let renamed = try String(contentsOf: fixture.root.appendingPathComponent("Tests/FeatureTests/Forms.swift"), encoding: .utf8)
        #expect(
            renamed == """
                import Foundation; import Kernel
                @_weakLinked import
                    Kernel.Submodule
                #if canImport(KernelTesting)
                import struct KernelTesting.Double
                #endif
                // import Core
                let text = "import Core"

                """)
    }
}
