/// `cache stats` and `cache clear`: the disk or Redis cache, whichever `maintenance` is.
public struct CacheCommand: ProgramCommand {
    /// What to do with the cache.
    public enum Action: Sendable {
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

    public func run() async throws {
        switch action {
        case .statistics: console.out(try maintenance.statistics(format: format))
        case .clear: console.out(try maintenance.clear())
        }
    }
}
