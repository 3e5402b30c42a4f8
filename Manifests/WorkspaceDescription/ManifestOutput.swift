/// What the program the tool compiles from Manifests/ prints, as JSON: the workspace and each
/// module with the manifest that declares it.
public struct ManifestOutput: Codable, Sendable {
    /// One module and its manifest.
    public struct Entry: Codable, Sendable {
        /// The manifest's path, relative to the workspace.
        public let file: String
        /// The module it declares.
        public let module: Module

        /// `module`, declared in `file`.
        public init(file: String, module: Module) {
            self.file = file
            self.module = module
        }
    }

    /// The workspace's rules.
    public let workspace: Workspace
    /// The modules, in the order of their manifests' names.
    public let modules: [Entry]

    /// The output for `workspace` and `modules`.
    public init(workspace: Workspace, modules: [Entry]) {
        self.workspace = workspace
        self.modules = modules
    }
}
