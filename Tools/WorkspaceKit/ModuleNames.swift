/// The one place that says which names a module (or a system library) of the workspace may take.
///
/// A name must be UpperCamelCase ASCII letters and digits, at most `maximumLength` characters,
/// and none of the names below, which the toolchain or the language already gives a meaning:
/// - `toolchainModules`: the modules a Swift toolchain ships on any platform the package builds on
///   (`Foundation`, `Testing`, `Glibc`, `Darwin`…). A module of ours with such a name is shadowed by
///   the toolchain's, or shadows it: `rename Foundation X` would rewrite every `import Foundation`.
///   A name differing from one of them only in case is refused too, as on a file system that
///   ignores case (macOS's) the two module files are one.
/// - `keywords`: every Swift keyword, contextual ones included, and the special names (`Self`,
///   `Any`, `Type`, `Protocol`…): `import Self` does not compile.
/// - `standardLibraryTypes`: the standard library's (and `Synchronization`'s, `Testing`'s) types
///   and protocols a template uses or a module commonly names (`String`, `Int`, `Array`, `Error`,
///   `Sendable`, `Mutex`, `Test`…): a module named so shadows the type in every file importing it.
///
/// - `manifestTypes`: the types of `WorkspaceDescription` (`Module`, `Modules`, `Layer`…): a
///   manifest declares its module as `Modules.<Name>`, where such a name would hide the type.
///
/// Names that clash with the workspace's own targets (`<Name>`, `<Name>Testing`, `<Name>Tests`)
/// depend on the workspace, and `Scaffolder` and `ModuleRenamer` check them beside these.
enum ModuleNames {
    /// The longest module name accepted. A name is typed by people and becomes part of longer
    /// names: `Tests/<Name>Tests/<Name>ServiceContractTests.swift` adds 25 characters to it, and a
    /// file name may have at most 255 bytes on the file systems the package builds on (a name of
    /// 240 failed halfway through `new`). 64 leaves room for every generated name.
    static let maximumLength = 64

    /// The modules of Swift toolchains and the SDKs they build with: Linux (Glibc, Musl), Android
    /// (Bionic), Windows (WinSDK, ucrt) and Apple platforms (Darwin, ObjectiveC, the frameworks a
    /// Swift package commonly imports).
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "_Differentiation", "_Volatile", "_Builtin_float",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "_FoundationCShims", "_FoundationCollections", "_FoundationICU", "Dispatch", "CDispatch",
        "DispatchIntrospection", "BlocksRuntime", "Glibc", "SwiftGlibc", "Musl", "Darwin", "WinSDK", "ucrt", "CRT", "Android",
        "Bionic", "WASILibc", "XCTest", "Testing", "_Testing_Foundation", "_TestingInterop", "_TestDiscovery", "Synchronization",
        "Observation", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "CxxShim", "CxxStdlibShim", "std", "SwiftShims",
        "SwiftOverlayShims", "SwiftOnoneSupport", "Runtime", "PackageDescription", "PackagePlugin", "os", "ObjectiveC",
        "CUUID", "SwiftUI", "UIKit", "AppKit", "Combine", "CoreData", "CoreGraphics", "CoreServices", "Security", "Network",
        "OSLog", "System", "SwiftData", "CryptoKit", "Accelerate", "Metal", "CoreLocation", "MapKit", "WebKit", "AVFoundation",
        "StoreKit", "WidgetKit", "UniformTypeIdentifiers", "IOKit", "QuartzCore", "CoreText", "CoreImage", "CoreML",
        "NaturalLanguage", "Vision", "CloudKit", "UserNotifications", "Charts", "SafariServices", "MessageUI", "GameKit",
        "SpriteKit", "SceneKit", "RealityKit", "ARKit", "HealthKit", "HomeKit", "Contacts", "EventKit", "Photos", "PhotosUI",
        "LocalAuthentication", "AuthenticationServices", "SystemConfiguration", "CoreBluetooth", "CoreMotion", "MultipeerConnectivity",
        "Intents", "AppIntents", "TipKit", "FoundationModels",
    ]

    /// Every Swift keyword (declarations, statements, expressions, patterns) and contextual
    /// keyword, and the names the language gives a meaning to in types.
    static let keywords: Set<String> = [
        // Declarations.
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "nonisolated", "open", "operator", "package", "precedencegroup", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "actor", "macro",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "switch", "throw", "where", "while",
        // Expressions and types.
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        // Contextual.
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy", "left",
        "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix", "Protocol", "required", "right",
        "set", "some", "any", "Type", "unowned", "weak", "willSet", "each", "consume", "copy", "discard", "isolated", "sending",
        "unsafe", "distributed", "_modify", "_read", "yield",
        // Names the language gives a meaning.
        "AnyObject", "AnyClass", "Sendable", "Copyable", "Escapable", "BitwiseCopyable", "Never", "Error", "Void",
    ]

    /// The standard types and protocols that the templates use (`String`, `Equatable`, `Sendable`,
    /// `Error`, `Dictionary`, `CaseIterable`, `Mutex`, `Test`) and that code commonly names, of the
    /// standard library, Synchronization, Testing and Foundation: a module of that name would
    /// shadow the type where it is imported.
    static let standardLibraryTypes: Set<String> = [
        "String", "Substring", "Character", "StaticString", "Unicode", "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt",
        "UInt8", "UInt16", "UInt32", "UInt64", "UInt128", "Float", "Float16", "Float32", "Float64", "Float80", "Double", "Bool",
        "Array", "ArraySlice", "ContiguousArray", "Dictionary", "Set", "Optional", "Result", "Range", "ClosedRange", "Slice",
        "KeyPath", "Mirror", "Duration", "Clock", "ContinuousClock", "SuspendingClock", "Task", "TaskGroup", "MainActor",
        "Actor", "AsyncStream", "AsyncThrowingStream", "AsyncSequence", "AsyncIteratorProtocol", "Sequence", "Collection",
        "IteratorProtocol", "Equatable", "Hashable", "Comparable", "Identifiable", "Codable", "Encodable", "Decodable",
        "CaseIterable", "RawRepresentable", "CustomStringConvertible", "CustomDebugStringConvertible", "Numeric", "Strideable",
        "BinaryInteger", "FixedWidthInteger", "SignedInteger", "UnsignedInteger", "FloatingPoint", "BinaryFloatingPoint",
        "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeBufferPointer",
        "OpaquePointer", "Span", "Regex", "Mutex", "Atomic", "Test", "Suite", "Tag", "Issue", "Trait", "Confirmation", "Data",
        "Date", "URL", "UUID",
    ]

    /// The types of the manifest API, which a manifest's `static let <Name>` in `Modules` would hide.
    static let manifestTypes: Set<String> = [
        "WorkspaceDescription", "Workspace", "Module", "Modules", "Layer", "LayerRule", "SystemLibrary", "Tool", "ManifestOutput",
    ]

    /// Why `name` cannot name a module, as one line to print, or nil when it can; the workspace's
    /// own targets are not considered here.
    static func refusal(_ name: String) -> String? {
        let shown = Self.shown(name)
        if name.count > maximumLength {
            return "\(shown) is \(name.count) characters long; a module name has at most \(maximumLength)"
        }
        if keywords.contains(name) { return "\(shown) is a Swift keyword; pick another name" }
        guard isUpperCamelCase(name) else {
            return "'\(shown)' is not a module name: use UpperCamelCase letters and digits, such as Favorites"
        }
        if toolchainModules.contains(name) { return "\(name) is a module of the Swift toolchain; pick another name" }
        if let module = toolchainModules.first(where: { $0.lowercased() == name.lowercased() }) {
            return "\(name) differs only in case from \(module), a module of the Swift toolchain; pick another name"
        }
        if standardLibraryTypes.contains(name) {
            return "\(name) names a standard type (of Swift, Foundation, Synchronization or Testing), which the module would shadow; "
                + "pick another name"
        }
        if manifestTypes.contains(name) {
            return "\(name) names a type of the manifest API (WorkspaceDescription), which the manifest would hide; pick another name"
        }
        return nil
    }

    /// Why `name`, a module or target of the workspace, cannot be taken beside `taken` (the
    /// workspace's target names): it is one, or one of the targets it would make (`<Name>Testing`,
    /// `<Name>Tests`, `<Name>Example`) is, or differs from one only in case; nil when it can.
    static func clash(_ name: String, taken: Set<String>) -> String? {
        if taken.contains(name) { return "a module or target named \(name) already exists" }
        if let clash = [name + "Testing", name + "Tests", name + "Example"].first(where: taken.contains) {
            return "\(name) would clash with the target \(clash); pick another name"
        }
        // On a file system that ignores case (macOS's), `Modules/FAVORITES` is `Modules/Favorites`.
        let lowered = Dictionary(taken.map { ($0.lowercased(), $0) }) { first, _ in first }
        for (made, suffix) in [(name, ""), (name + "Testing", "Testing"), (name + "Tests", "Tests"), (name + "Example", "Example")] {
            guard let other = lowered[made.lowercased()] else { continue }
            let what = suffix.isEmpty ? name : "its target \(made)"
            return "\(what) differs only in case from \(other), a target of this workspace; pick another name"
        }
        return nil
    }

    /// UpperCamelCase ASCII letters and digits, starting with a letter.
    static func isUpperCamelCase(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `name` as a message may print it on one line: control characters replaced, and past
    /// `maximumLength` cut to its first 20 characters.
    private static func shown(_ name: String) -> String {
        let cut = name.count > maximumLength ? String(name.prefix(20)) + "…" : name
        return TerminalText.shown(cut)
    }
}
