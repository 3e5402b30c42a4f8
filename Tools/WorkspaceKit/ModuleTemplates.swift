/// The first files of a new module: its manifest, then a library's first value or a service's
/// protocol, live implementation, stub, spec suite and tests.
enum ModuleTemplates {
    /// What `new --template` starts a module with.
    enum Template: String, CaseIterable {
        /// A value type, a fixture of it and a test.
        case library
        /// A protocol, a live implementation, a stub, a spec suite and tests running it on both.
        case service
    }

    /// Paths relative to the workspace, with their contents.
    static func files(for module: Module, template: Template) -> [String: String] {
        let name = module.name
        let list = "[" + module.dependencies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let manifest = """
            // The \(name) module. Edit, then run `swift run workspace generate`.
            import WorkspaceDescription

            extension Modules {
                static let \(name) = Module(
                    name: "\(name)",
                    layer: .\(module.layer),
                    dependencies: \(list)
                )
            }

            """
        let files =
            switch template {
            case .library: LibraryTemplate(module: module).files
            case .service: ServiceTemplate(module: module).files
            }
        return files.merging([module.manifest: manifest]) { template, _ in template }
    }

    /// The dependencies' `import` lines, then a blank line, or nothing.
    static func imports(_ module: Module) -> String {
        module.dependencies.isEmpty ? "" : module.dependencies.map { "import \($0)\n" }.joined() + "\n"
    }
}

/// A library's first files: a value type to grow, a fixture of it, and a test.
struct LibraryTemplate {
    let module: Module

    var files: [String: String] {
        let name = module.name
        return [
            "\(module.sourcesDirectory)/\(name)Value.swift": """
            \(ModuleTemplates.imports(module))/// \(name)'s first value: rename it and give it the module's first behaviour.
            public struct \(name)Value: Equatable, Sendable {
                /// What it holds.
                public let text: String

                /// A value holding `text`.
                public init(_ text: String) {
                    self.text = text
                }
            }

            """,
            "\(module.testingDirectory)/\(name)Fixtures.swift": """
            import \(name)

            /// Values for tests of \(name) and of the modules that use it.
            public enum \(name)Fixtures {
                /// A value tests can share.
                public static let sample = \(name)Value("sample")
            }

            """,
            "\(module.testsDirectory)/\(name)ValueTests.swift": """
            import \(name)
            import \(name)Testing
            import Testing

            @Test func valuesWithTheSameTextAreEqual() {
                #expect(\(name)Fixtures.sample == \(name)Value("sample"))
                #expect(\(name)Fixtures.sample != \(name)Value("other"))
            }

            """,
        ]
    }
}
