import TestSupport

extension FixtureWorkspace {
    /// A fixture whose Core manifest calls `Module.hostile`, a helper at `path` (under
    /// `Manifests/Helpers/`) whose body is `body`, with Foundation imported; made on a thread of its own.
    static func hostile(helperBody body: String, at path: String = "Module+Hostile.swift") async throws -> FixtureWorkspace {
        try await onOwnThread {
            let fixture = try FixtureWorkspace()
            try fixture.write(
                "Manifests/Helpers/\(path)",
                "import Foundation\nimport WorkspaceDescription\n\nextension Module {\n"
                    + "    static func hostile(_ name: String, layer: Layer) -> Module {\n\(body)\n"
                    + "        return Module.library(name, layer: layer, tests: [name + \"Testing\"])\n    }\n}\n")
            try fixture.write(
                "Manifests/Modules/Core.swift",
                "import WorkspaceDescription\n\nextension Modules {\n    static let Core = Module.hostile(\"Core\", layer: .core)\n}\n")
            return fixture
        }
    }
}
