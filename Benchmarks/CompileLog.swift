/// The Swift files a `swift build -v` compiled, read from its log. Each compile job the driver
/// runs is printed as a `swift-frontend -frontend -c` command naming its module (`-module-name`)
/// and the files it compiles (`-primary-file`, or every input of a job without one). SwiftPM prints
/// a batch job once for each file in it, so a file is counted once. Neither the plain build's
/// `Compiling <module> <file>` lines (which left out 10 of Storage's 19 files in a full build) nor
/// the objects' modification times (the compiler does not rewrite an object file whose bytes are
/// the same: a public function added to Postgres compiled 29 files and rewrote 1 object) count them all.
enum CompileLog {
    /// The files compiled, by module name as the compiler spells it (`favorites_torture` for the
    /// target `favorites-torture`).
    static func compiledFiles(in log: String) -> [String: Set<String>] {
        var compiled: [String: Set<String>] = [:]
        for line in log.split(separator: "\n") where line.contains("swift-frontend -frontend -c ") {
            let words = line.split(separator: " ")
            var module: Substring?
            var primaries: [Substring] = []
            var inputs: [Substring] = []
            for (index, word) in words.enumerated() {
                let previous = index > 0 ? words[index - 1] : ""
                if previous == "-module-name" {
                    module = word
                } else if previous == "-primary-file" {
                    primaries.append(word)
                } else if word.hasSuffix(".swift") && !previous.hasPrefix("-") {
                    inputs.append(word)
                }
            }
            guard let module else { continue }
            compiled[String(module), default: []].formUnion((primaries.isEmpty ? inputs : primaries).map(String.init))
        }
        return compiled
    }

    /// A target's name as the compiler spells its module: every character that cannot be in an
    /// identifier becomes `_`, as SwiftPM does.
    static func moduleName(of target: String) -> String {
        var name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }
}
