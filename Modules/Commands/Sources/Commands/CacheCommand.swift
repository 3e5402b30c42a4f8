import CommandLineKit
import Foundation
import Storage

/// `cache stats` and `cache clear`: the disk or Redis cache, whichever `maintenance` is.
public struct CacheCommand: ProgramCommand {
    /// What to do with the cache.
    public enum Action: Equatable, Sendable {
        /// Print its statistics.
        case statistics
        /// Empty it.
        case clear
    }

    private let action: Action
    private let maintenance: any CacheMaintenance
    private let format: OutputFormat
    private let console: Console

    /// Does `action` to the cache `maintenance` looks after.
    public init(_ action: Action, maintenance: any CacheMaintenance, format: OutputFormat, console: Console) {
        self.action = action
        self.maintenance = maintenance
        self.format = format
        self.console = console
    }

    /// Prints the cache's statistics, or empties it and says what went.
    public func run() async throws {
        switch action {
        case .statistics: console.out(try Self.render(try maintenance.statistics(), format: format))
        case .clear: console.out(TerminalText.safe(try maintenance.clear()))
        }
    }

    /// The figures as a table of names and values, or as one JSON object; text from a server or
    /// a path is made safe for a terminal.
    static func render(_ figures: [CacheFigure], format: OutputFormat) throws -> String {
        let safe = figures.map { figure in
            guard case .text(let text) = figure.value else { return figure }
            return CacheFigure(figure.name, .text(TerminalText.safe(text)))
        }
        if format == .json {
            return try JSONText.text(Dictionary(safe.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
        let width = (safe.map(\.name.count).max() ?? 0) + 2
        return safe.map { figure in
            let value: String
            switch figure.value {
            case .text(let text): value = text
            case .count(let count): value = String(count)
            }
            return figure.name.padding(toLength: width, withPad: " ", startingAt: 0) + value
        }.joined(separator: "\n")
    }
}
