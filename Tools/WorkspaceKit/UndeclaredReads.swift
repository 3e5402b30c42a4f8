import Foundation

/// Finds the tests that read the tree outside their targets without declaring it: in a file of a
/// Testing or test target, a string literal appended (`appendingPathComponent`, `appending(path:)`)
/// to a URL made from `#filePath` (directly, or through a name declared from it in that file),
/// naming a path of the workspace (`"Modules"`, `"docs/FAULTS.md"`) or beside the target's folder
/// (`"FuzzCorpus"`) that is in neither the target's folder, nor a folder of a target it depends
/// on, nor its `reads:`. It reads code, not data flow: a path built in another file is not seen.
struct UndeclaredReads {
    let root: URL
    let workspace: Workspace
    let graph: TargetGraph

    /// One problem per undeclared path, at the first line that names it.
    func problems() -> [Problem] {
        var problems: [Problem] = []
        var manifests: [String: String] = [:]
        for module in workspace.modules {
            for companion in module.companions { manifests[companion.name] = module.manifest }
        }
        for target in graph.targets where target.role == .tests || target.name.hasSuffix("Testing") {
            let manifest = manifests[target.name] ?? ManifestLoader.workspaceFile
            let allowed = target.paths + reachedFolders(from: target) + target.reads
            for folder in target.paths {
                for file in SourceFiles.swiftFiles(in: root.appendingPathComponent(folder), excluding: []) {
                    var reported = Set<String>()
                    for (path, line) in readPaths(in: file.url, folder: folder)
                    where !allowed.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) && reported.insert(path).inserted {
                        problems.append(
                            Problem(
                                file: "\(folder)/\(file.relativePath)", line: line,
                                message: "\(target.name) reads \(path), outside its targets, but does not declare it: add \"\(path)\" "
                                    + "to its 'reads:' in \(manifest)"))
                    }
                }
            }
        }
        return problems
    }

    /// The folders of every target `target` depends on, directly or not.
    private func reachedFolders(from target: TargetGraph.Target) -> [String] {
        let byName = Dictionary(graph.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        var queue = target.dependencies
        var folders: [String] = []
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let found = byName[name] else { continue }
            folders += found.paths
            queue += found.dependencies
        }
        return folders
    }

    /// The workspace paths that `url` appends to a URL made from `#filePath`, with their lines.
    private func readPaths(in url: URL, folder: String) -> [(path: String, line: Int)] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer -> [(path: String, line: Int)] in
            let tokens = SwiftTokenizer.tokenize(buffer).tokens
            func text(_ index: Int) -> String { String(decoding: buffer[tokens[index].start..<tokens[index].end], as: UTF8.self) }
            guard tokens.indices.contains(where: { tokens[$0].kind == .poundKeyword && text($0) == "#filePath" }) else { return [] }
            let fromFilePath = namesFromFilePath(tokens.count, text: text, line: { tokens[$0].line })
            let beside = (folder as NSString).deletingLastPathComponent
            var found: [(path: String, line: Int)] = []
            for index in tokens.indices where tokens[index].kind == .string {
                guard let method = appendingCall(before: index, text: text),
                    chain(endingAt: method - 2, text: text, reaches: fromFilePath),
                    let literal = pathPrefix(of: text(index))
                else { continue }
                for candidate in [literal, beside.isEmpty ? literal : "\(beside)/\(literal)"]
                where FileManager.default.fileExists(atPath: root.appendingPathComponent(candidate).path) {
                    found.append((candidate, tokens[index].line))
                    break
                }
            }
            return found
        }
    }

    /// The names declared (`let`/`var`, on one line and the lines that continue it with `.`)
    /// from `#filePath` or from a name so declared, in a file of `count` tokens.
    private func namesFromFilePath(_ count: Int, text: (Int) -> String, line: (Int) -> Int) -> Set<String> {
        var names: Set<String> = []
        for _ in 0..<3 {
            for index in 0..<max(0, count - 1) where ["let", "var"].contains(text(index)) {
                let name = text(index + 1)
                var next = index + 2
                while next < count && (line(next) == line(next - 1) || text(next) == ".") {
                    if text(next) == "#filePath" || (names.contains(text(next)) && text(next) != name) {
                        names.insert(name)
                        break
                    }
                    next += 1
                }
            }
        }
        return names
    }

    /// The index of `appendingPathComponent` or `appending` whose first argument is the literal at `index`, if it is one.
    private func appendingCall(before index: Int, text: (Int) -> String) -> Int? {
        if index >= 3 && text(index - 1) == "(" && text(index - 2) == "appendingPathComponent" && text(index - 3) == "." {
            return index - 2
        }
        if index >= 5 && text(index - 1) == ":" && ["path", "component"].contains(text(index - 2)) && text(index - 3) == "("
            && text(index - 4) == "appending" && text(index - 5) == "."
        {
            return index - 4
        }
        return nil
    }

    /// Whether the member chain ending at `index` (`root.deletingLastPathComponent()`) holds
    /// `#filePath` or a name in `names`.
    private func chain(endingAt index: Int, text: (Int) -> String, reaches names: Set<String>) -> Bool {
        var position = index
        while position >= 0 {
            if text(position) == ")" {
                var depth = 0
                repeat {
                    if text(position) == ")" { depth += 1 }
                    if text(position) == "(" { depth -= 1 }
                    if text(position) == "#filePath" || names.contains(text(position)) { return true }
                    position -= 1
                } while position >= 0 && depth > 0
            }
            guard position >= 0 else { return false }
            if text(position) == "#filePath" || names.contains(text(position)) { return true }
            guard position >= 1 && text(position - 1) == "." else { return false }
            position -= 2
        }
        return false
    }

    /// The path a literal spells, up to its first interpolation (which must leave at least two
    /// components, so that `"Modules/\(name)"` in a fixture is not taken for `Modules`), or nil.
    private func pathPrefix(of literal: String) -> String? {
        var body = Substring(literal)
        while body.first == "#" { body = body.dropFirst() }
        while body.last == "#" { body = body.dropLast() }
        guard body.hasPrefix("\"") && body.hasSuffix("\"") && body.count >= 2 && !body.hasPrefix("\"\"\"") else { return nil }
        body = body.dropFirst().dropLast()
        if let interpolation = body.range(of: "\\(") {
            body = body[..<interpolation.lowerBound]
            guard let slash = body.lastIndex(of: "/") else { return nil }
            body = body[..<slash]
            guard body.contains("/") else { return nil }
        }
        let path = String(body)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("."), !path.contains(" "), !path.contains("\\") else { return nil }
        return path
    }
}
