import Foundation

/// A `Codable` value of many nested shapes, made at random by `random(depth:nonFinite:using:)`,
/// to hold a coder to its reference: what `JSONDecoder` decodes from `JSONEncoder`'s bytes (values
/// compared, not bytes). Every integer type, floating-point numbers, text, dates, optionals present
/// and absent, arrays, dictionaries keyed by text and by number, a set, an enum with associated
/// values, and samples nested in samples. Its fields are its own business: a test needs only
/// `random`, `Codable` and `==`.
public struct CodableSample: Codable, Equatable, Sendable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var bool: Bool
    var text: String
    var date: Date
    var floats: Floats
    var optionalText: String?
    var optionalNumber: Int?
    var numbers: [Int]
    var texts: [String]
    var bytes: [UInt8]
    var optionals: [Int?]
    var matrix: [[Bool]]
    var byName: [String: Int]
    var byNumber: [Int: String]
    var tags: Set<String>
    var choice: Choice
    var children: [CodableSample]

    /// Floating-point numbers, equal when their bits are: NaN equals itself, and -0.0 is not 0.0.
    struct Floats: Codable, Equatable, Sendable {
        var float: Float
        var double: Double
        var floats: [Float]
        var doubles: [Double]

        /// Whether every number has the same bits in both.
        static func == (lhs: Floats, rhs: Floats) -> Bool {
            lhs.float.bitPattern == rhs.float.bitPattern && lhs.double.bitPattern == rhs.double.bitPattern
                && lhs.floats.map(\.bitPattern) == rhs.floats.map(\.bitPattern)
                && lhs.doubles.map(\.bitPattern) == rhs.doubles.map(\.bitPattern)
        }
    }

    /// An enum as `Codable` synthesizes it: a keyed container of the case, holding the values.
    enum Choice: Codable, Equatable, Sendable {
        /// No values.
        case nothing
        /// One unlabelled value.
        case number(Int)
        /// Labelled values, one optional.
        case labelled(text: String, flag: Bool?)
        /// Choices nested in an array.
        case nested([Choice])
    }
}
