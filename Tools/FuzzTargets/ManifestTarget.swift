import WorkspaceKit

extension FuzzTarget {
    /// Bytes as a module manifest, and as the workspace manifest.
    static let manifest = FuzzTarget(
        name: "manifest",
        checks: """
            The manifest reader reads the input as a module manifest (beside a minimal workspace manifest) and as \
            the workspace manifest, and either gives a workspace or an error naming that file and a line inside \
            it; with CRLF line ends instead of LF (in a text without CR) the answer is the same.
            """
    ) { bytes throws(FuzzFailure) in
        let text = String(decoding: bytes, as: UTF8.self)
        let lineCount = text.unicodeScalars.count { $0 == "\n" } + 1
        for file in ["Manifests/Modules/Fuzz.swift", ManifestLoader.workspaceFile] {
            let read = load(text, as: file)
            if case .failure(let error) = read {
                try require(error.file == file, "an error in \(file) names \(error.file)")
                try require((1...lineCount).contains(error.line), "\(error) names a line outside 1…\(lineCount)")
            }
            guard !text.unicodeScalars.contains("\r") else { continue }
            let crlf = load(text.replacingOccurrences(of: "\n", with: "\r\n"), as: file)
            try require(crlf == read, "with CRLF line ends: \(crlf); with LF: \(read)")
        }
    }
}

/// A workspace manifest with one layer, for module manifests to be read beside.
private let minimalWorkspace = """
    let workspace = Workspace(
        name: "Fuzz", macOS: "15", layers: [Layer(name: "core", mayDependOn: [])],
        injection: "Injection", mayImportInjection: [], tools: []
    )
    """

/// What reading `text` as `file` gives: the workspace, or the error.
private func load(_ text: String, as file: String) -> Result<Workspace, ManifestError> {
    Result { () throws(ManifestError) in
        file == ManifestLoader.workspaceFile
            ? try ManifestLoader.workspace(manifest: text, modules: [])
            : try ManifestLoader.workspace(manifest: minimalWorkspace, modules: [(file, text)])
    }
}
