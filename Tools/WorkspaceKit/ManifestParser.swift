/// Parses a manifest file: optional `import` lines, then `let name = value` declarations.
struct ManifestParser {
    private var lexer: ManifestLexer
    private var token: ManifestLexer.Token = .end
    private var line = 1

    /// The declarations of `text`, by name, each with its value.
    static func declarations(in text: String, file: String) throws(ManifestError) -> [String: ManifestValue] {
        var parser = ManifestParser(lexer: ManifestLexer(text, file: file))
        try parser.advance()
        return try parser.file()
    }

    private init(lexer: ManifestLexer) {
        self.lexer = lexer
    }

    private mutating func file() throws(ManifestError) -> [String: ManifestValue] {
        var declarations: [String: ManifestValue] = [:]
        while token != .end {
            if token == .identifier("import") {
                try advance()
                _ = try identifier("a module name after 'import'")
                continue
            }
            try expect(.identifier("let"), "'let' or 'import'")
            let name = try identifier("a name after 'let'")
            try expect(.punctuation("="), "'=' after 'let \(name)'")
            declarations[name] = try value()
        }
        return declarations
    }

    private mutating func value() throws(ManifestError) -> ManifestValue {
        switch token {
        case .string(let text):
            try advance()
            return .string(text)
        case .identifier("true"), .identifier("false"):
            let value = token == .identifier("true")
            try advance()
            return .bool(value)
        case .identifier(let name):
            let start = line
            try advance()
            guard token == .punctuation("(") else {
                throw ManifestError(
                    file: lexer.file, line: start,
                    message: "'\(name)' is not a value: write .\(name) for a case or \"\(name)\" for a string")
            }
            return .call(name, try arguments())
        case .punctuation("."):
            try advance()
            let name = try identifier("a name after '.'")
            return .member(name, token == .punctuation("(") ? try arguments() : nil)
        case .punctuation("["):
            try advance()
            var elements: [ManifestValue] = []
            while token != .punctuation("]") {
                elements.append(try value())
                guard token == .punctuation(",") else { break }
                try advance()
            }
            try expect(.punctuation("]"), "',' or ']' in an array")
            return .array(elements)
        default:
            throw error("expected a value but found \(describe(token))")
        }
    }

    private mutating func arguments() throws(ManifestError) -> [ManifestArgument] {
        try expect(.punctuation("("), "'('")
        var arguments: [ManifestArgument] = []
        while token != .punctuation(")") {
            let start = line
            var label: String?
            if case .identifier(let name) = token, name != "true", name != "false" {
                let saved = (lexer, token, line)
                try advance()
                if token == .punctuation(":") {
                    label = name
                    try advance()
                } else {
                    (lexer, token, line) = saved
                }
            }
            arguments.append(ManifestArgument(label: label, value: try value(), line: start))
            guard token == .punctuation(",") else { break }
            try advance()
        }
        try expect(.punctuation(")"), "',' or ')' in an argument list")
        return arguments
    }

    private mutating func identifier(_ what: String) throws(ManifestError) -> String {
        guard case .identifier(let name) = token else { throw error("expected \(what) but found \(describe(token))") }
        try advance()
        return name
    }

    private mutating func expect(_ expected: ManifestLexer.Token, _ what: String) throws(ManifestError) {
        guard token == expected else { throw error("expected \(what) but found \(describe(token))") }
        try advance()
    }

    private mutating func advance() throws(ManifestError) {
        (token, line) = try lexer.next()
    }

    private func error(_ message: String) -> ManifestError {
        ManifestError(file: lexer.file, line: line, message: message)
    }

    private func describe(_ token: ManifestLexer.Token) -> String {
        switch token {
        case .identifier(let name): "'\(name)'"
        case .string(let text): "\"\(text)\""
        case .punctuation(let character): "'\(character)'"
        case .end: "the end of the file"
        }
    }
}
