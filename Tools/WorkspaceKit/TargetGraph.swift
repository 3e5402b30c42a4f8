/// Every SwiftPM target the manifests declare, with its folder and what it depends on: the
/// graph `affected` and `test` walk.
public struct TargetGraph: Sendable {
    /// One target.
    public struct Target: Equatable, Sendable {
        /// What a target is, for what `affected` reports.
        public enum Role: Sendable {
            /// A Swift module that is not a test: a module, its Testing target, an example, a tool.
            case module
            /// A test target.
            case tests
            /// A system library's module map.
            case systemLibrary
        }

        /// The target's name.
        public let name: String
        /// The folders of its sources and resources, relative to the workspace.
        public let paths: [String]
        /// Module, tests or system library.
        public let role: Role
        /// The targets it depends on.
        public let dependencies: [String]
        /// The files and folders outside `paths` its code reads at run time, as its manifest declares them.
        public var reads: [String] = []

        /// Whether `path` is one of the files it reads or lies in a folder it reads.
        public func readsPath(_ path: String) -> Bool {
            reads.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }

    /// The targets, in a stable order.
    public let targets: [Target]
    /// For each module manifest, the targets it declares.
    let declaredBy: [String: [String]]

    /// The graph of `workspace`'s modules and tools.
    public init(_ workspace: Workspace) {
        var targets: [Target] = []
        var declaredBy: [String: [String]] = [:]
        for module in workspace.modules {
            var names = [module.name]
            targets.append(
                Target(
                    name: module.name, paths: [module.sourcesDirectory] + module.resources.map { "\(module.directory)/\($0)" },
                    role: .module, dependencies: module.targetDependencies))
            for library in module.systemLibraries {
                names.append(library.name)
                targets.append(Target(name: library.name, paths: [library.directory(in: module)], role: .systemLibrary, dependencies: []))
            }
            for companion in module.companions {
                names.append(companion.name)
                let role: Target.Role = companion == module.tests ? .tests : .module
                targets.append(
                    Target(
                        name: companion.name, paths: [companion.path], role: role, dependencies: companion.dependencies,
                        reads: companion.reads))
            }
            declaredBy[module.manifest] = names
        }
        for tool in workspace.tools {
            targets.append(
                Target(
                    name: tool.name, paths: [tool.path], role: tool.kind == .tests ? .tests : .module, dependencies: tool.dependencies,
                    reads: tool.reads))
        }
        self.targets = targets
        self.declaredBy = declaredBy
    }

    /// The target whose folder holds `path` (the deepest, so an app's `…/Testing/…` is its Testing target), if any.
    public func owner(of path: String) -> Target? {
        var best: (target: Target, length: Int)?
        for target in targets {
            for folder in target.paths where path.hasPrefix(folder + "/") && folder.count > (best?.length ?? -1) {
                best = (target, folder.count)
            }
        }
        return best?.target
    }

    /// `names` and every target that depends on one of them, directly or not.
    public func withDependents(of names: Set<String>) -> Set<String> {
        var dependents: [String: [String]] = [:]
        for target in targets {
            for dependency in target.dependencies { dependents[dependency, default: []].append(target.name) }
        }
        var found = names
        var queue = Array(names)
        while let name = queue.popLast() {
            for dependent in dependents[name] ?? [] where found.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
        return found
    }
}
