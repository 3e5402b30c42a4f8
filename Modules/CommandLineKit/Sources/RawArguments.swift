import Foundation

/// The program's arguments as the system passed them. `CommandLine.arguments` puts U+FFFD in
/// place of bytes that are not UTF-8; these tell such an argument from one that holds U+FFFD.
public enum RawArguments {
    /// The arguments after the program's name whose bytes are not UTF-8, as
    /// `CommandLine.arguments` holds them (repaired).
    public static let repairedFromInvalidUTF8: Set<String> = {
        var repaired: Set<String> = []
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            if String(validating: bytes, as: UTF8.self) == nil { repaired.insert(String(decoding: bytes, as: UTF8.self)) }
        }
        return repaired
    }()

    /// Whether `value`, given to `option` (as `option value` or `option=value`), came as bytes
    /// that are not UTF-8.
    public static func wasRepaired(_ value: String, of option: String) -> Bool {
        value.contains("\u{FFFD}") && (repairedFromInvalidUTF8.contains(value) || repairedFromInvalidUTF8.contains("\(option)=\(value)"))
    }
}
