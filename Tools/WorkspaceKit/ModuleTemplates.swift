/// The first files of a new module: manifest, source, test support and a first test.
enum ModuleTemplates {
    /// Paths relative to the workspace, with their contents.
    static func files(for module: Module) -> [String: String] {
        let name = module.name
        let imports = module.dependencies.map { "import \($0)\n" }.joined()
        let dependencyList = "[" + module.dependencies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        return [
            module.manifest: """
            // The \(name) module. Edit, then run `swift run workspace generate`.
            let module = Module(
                name: "\(name)",
                layer: .\(module.layer),
                dependencies: \(dependencyList)
            )

            """,
            "\(module.sourcesDirectory)/\(name)Module.swift": """
            \(imports.isEmpty ? "" : imports + "\n")/// Describes the \(name) module as its manifest declares it.
            public enum \(name)Module {
                /// The module's name.
                public static let name = "\(name)"
                /// The modules \(name) imports directly.
                public static let dependencies: [String] = \(dependencyList)
            }

            """,
            "\(module.testingDirectory)/\(name)Doubles.swift": """
            import \(name)

            /// Test support for \(name): its doubles and spec suites live in this target.
            public enum \(name)Doubles {
                /// The module these doubles stand in for.
                public static let module = \(name)Module.name
            }

            """,
            "\(module.testsDirectory)/\(name)ModuleTests.swift": """
            import \(name)
            import \(name)Testing
            import Testing

            @Test func moduleMatchesItsManifest() {
                #expect(\(name)Module.name == "\(name)")
                #expect(\(name)Module.dependencies == \(dependencyList))
                #expect(\(name)Doubles.module == \(name)Module.name)
            }

            """,
        ]
    }
}
