import Foundation

extension DecodingError {
    /// One line naming what was wrong and where: `missing key 'data'`, `wrong type at data.total`.
    public var summary: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'\(Self.location(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(type)\(Self.location(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null\(Self.location(context.codingPath))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription)\(Self.location(context.codingPath))"
        @unknown default:
            return "\(self)"
        }
    }

    private static func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return " at " + (text.hasPrefix(".") ? String(text.dropFirst()) : text)
    }
}
