/// The first files of a new module: its manifest, then a library's first value, a service's
/// protocol, live implementation, stub, spec suite and tests, or a feature's kit (a service and an
/// example program that runs it alone).
enum ModuleTemplates {
    /// What `new --template` starts a module with.
    enum Template: String, CaseIterable {
        /// A value type, a fixture of it and a test.
        case library
        /// A protocol, a live implementation, a stub, a spec suite and tests running it on both.
        case service
        /// A service in the feature layer with `<Name>Example`, a program that runs it without the product.
        case feature
        /// A port's protocol implemented over a technology, tested by the port's contract, and registered.
        case adapter
    }

    /// The layer a feature goes in, and the helper (`Module.feature`) that declares it.
    static let featureLayer = "feature"
    /// The layer an adapter goes in, and the helper (`Module.adapter`) that declares it where the workspace has it.
    static let adapterLayer = "adapter"

    /// The manifest of the module `request` asks for, in `layer`: a call of the workspace's
    /// helper for its shape (`Module.library` or `Module.feature`, Manifests/Helpers/).
    /// A feature with a command (`withCommand`) also depends on the command-line kit, its tests on
    /// the kit's recording console, and its example on the kit.
    static func manifest(for request: ScaffoldRequest, layer: String, withCommand: Bool = false) -> String {
        let name = request.name
        let kit = withCommand ? FeatureCommandTemplate.kit : []
        let list = quoted(Array(Set(kit + request.dependencies)).sorted())
        let call =
            request.template == .feature
            ? "Module.feature(\n        \"\(name)\",\n        dependencies: \(list),"
            : "Module.library(\n        \"\(name)\",\n        layer: .\(layer),\n        dependencies: \(list),"
        let tests = quoted((withCommand ? FeatureCommandTemplate.testKit : []) + ["\(name)Testing"])
        let example = withCommand ? ",\n        example: \(quoted(FeatureCommandTemplate.kit))" : ""
        return """
            // The \(name) module. Edit, then run `swift run workspace generate`.
            import WorkspaceDescription

            extension Modules {
                static let \(name) = \(call)
                    tests: \(tests)\(example)
                )
            }

            """
    }

    /// The manifest of the adapter `request` asks for: `Module.adapter` where the workspace has
    /// that helper (else a library in the adapter layer), depending on its port and technology,
    /// with tests that use the port's Testing target for its contract.
    static func adapterManifest(for request: ScaffoldRequest, withHelper: Bool) -> String {
        let port = request.port ?? ""
        let call =
            withHelper
            ? "Module.adapter(\n        \"\(request.name)\","
            : "Module.library(\n        \"\(request.name)\",\n        layer: .\(adapterLayer),"
        return """
            // The \(request.name) module: the \(port) port over \(request.technology ?? ""). Edit, then run `swift run workspace generate`.
            import WorkspaceDescription

            extension Modules {
                static let \(request.name) = \(call)
                    dependencies: \(quoted(request.dependencies)),
                    testing: nil,
                    tests: \(quoted([port, "\(port)Testing"]))
                )
            }

            """
    }

    /// The template's files for `module` (its folders as its manifest declares them): paths
    /// relative to the workspace, with their contents; a feature `withCommand` gets its command,
    /// and an example that runs it.
    static func files(for module: Module, template: Template, withCommand: Bool = false) -> [String: String] {
        let files: [String: String] =
            switch template {
            case .library: LibraryTemplate(module: module).files
            case .service: ServiceTemplate(module: module).files
            case .feature where withCommand:
                ServiceTemplate(module: module).files.merging(FeatureCommandTemplate(module: module).files) { service, _ in service }
            case .feature:
                ServiceTemplate(module: module).files.merging(FeatureExampleTemplate(module: module).files) { service, _ in service }
            // An adapter's files need its port: `AdapterTemplate` writes them, its catalog among them.
            case .adapter: [:]
            }
        return files.merging([catalogPath(module): catalog(module, template: template)]) { template, _ in template }
    }

    /// Where the module's DocC catalog starts: its root article, beside its sources.
    static func catalogPath(_ module: Module) -> String {
        "\(module.sourcesDirectory)/\(module.name).docc/\(module.name).md"
    }

    /// The words of the templates' text that a developer is meant to replace: `check` warns
    /// where a catalog or doc comment still holds one.
    static let placeholders = [
        "holds, in one line.", "rename it and give it the module's first behaviour.", "grow it one operation (and spec) at a time.",
    ]

    /// The root article of the module's catalog, linking the symbols the template wrote.
    static func catalog(_ module: Module, template: Template) -> String {
        let name = module.name
        let essentials =
            template == .library
            ? ["\(name)Value"] : ["\(name)Service", "Bundled\(name)Service", "\(name)Item", "\(name)Error"]
        let swap =
            template == .library
            ? "Its tests use the values of `\(name)Fixtures` in `\(name)Testing`."
            : "To swap it, give a module that uses it `\(name)ServiceStub` from `\(name)Testing`, or your own "
                + "implementation; `\(name)ServiceContract` holds any of them to the same rules."
        return """
            # ``\(name)``

            What \(name) \(placeholders[0])

            ## Overview

            What \(name) promises the modules that use it. \(swap)

            ## Topics

            ### Essentials

            \(essentials.map { "- ``\($0)``" }.joined(separator: "\n"))

            """
    }

    /// `names` as a Swift array literal of strings, as a manifest lists them.
    static func quoted(_ names: [String]) -> String {
        "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// The dependencies' `import` lines, sorted, then a blank line, or nothing.
    static func imports(_ module: Module) -> String {
        module.dependencies.isEmpty ? "" : importLines(module.dependencies) + "\n\n"
    }

    /// `import` lines of `modules` in the order swift-format keeps them (sorted), without a last newline.
    static func importLines(_ modules: [String]) -> String {
        modules.sorted().map { "import \($0)" }.joined(separator: "\n")
    }
}

/// A library's first files: a value type to grow, a fixture of it, and a test.
struct LibraryTemplate {
    let module: Module

    var files: [String: String] {
        let name = module.name
        return [
            "\(module.sourcesDirectory)/\(name)Value.swift": """
            \(ModuleTemplates.imports(module))/// \(name)'s first value: \(ModuleTemplates.placeholders[1])
            public struct \(name)Value: Equatable, Sendable {
                /// What it holds.
                public let text: String

                /// A value holding `text`.
                public init(_ text: String) {
                    self.text = text
                }
            }

            """,
            "\(module.testingPath)/\(name)Fixtures.swift": """
            import \(name)

            /// Values for tests of \(name) and of the modules that use it.
            public enum \(name)Fixtures {
                /// A value tests can share.
                public static let sample = \(name)Value("sample")
            }

            """,
            "\(module.testsPath)/\(name)ValueTests.swift": """
            \(ModuleTemplates.importLines([name, "\(name)Testing", "Testing"]))

            @Test func valuesWithTheSameTextAreEqual() {
                #expect(\(name)Fixtures.sample == \(name)Value("sample"))
                #expect(\(name)Fixtures.sample != \(name)Value("other"))
            }

            """,
        ]
    }
}

/// A feature's example program: the feature composed with bundled items, run without the product.
struct FeatureExampleTemplate {
    let module: Module

    var files: [String: String] {
        let name = module.name
        return [
            "\(module.examplePath)/main.swift": """
            import \(name)

            // \(name) alone, without the product: the feature composed with bundled items, asked for one.
            // Run it with `swift run \(name)Example`; compose it with doubles or bundled data, never adapters.
            let service = Bundled\(name)Service(items: [\(name)Item(id: "1", title: "First")])
            let item = try await service.item(id: "1")
            print("\\(item.id): \\(item.title)")

            """
        ]
    }
}

extension Module {
    /// The folder of its Testing target, where a template puts doubles and contracts.
    var testingPath: String { testing?.path ?? "" }

    /// The folder of its test target, where a template puts tests.
    var testsPath: String { tests?.path ?? "" }

    /// The folder of its example program.
    var examplePath: String { example?.path ?? "" }
}
