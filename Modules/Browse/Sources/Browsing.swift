import CommandLineKit
import DataProviders
import Foundation
import Repository

/// What `list` and `show` share: run a read through the repository, then report the cache's
/// failure, a stale answer and the counts, whether the read worked or not.
struct Browsing: Sendable {
    let repository: any CharacterRepository
    let cache: CacheObserver
    let format: OutputFormat
    let detailedStatistics: Bool
    let console: Console

    /// Runs `read` (which prints and returns the stored-at date of a stale answer, if it gave
    /// one), then reports staleness and statistics; rethrows what `read` threw.
    func run(_ read: (any CharacterRepository) async throws -> Date?) async throws {
        let outcome: Result<Date?, any Error>
        do {
            outcome = .success(try await read(repository))
        } catch {
            outcome = .failure(error)
        }
        cache.recordRun(warn: console.warn)
        if let warning = cache.warning { console.warn(warning) }
        if case .success(let staleSince?) = outcome {
            console.warn("the provider is unavailable; showing the cached copy from \(MarvelDate.iso8601(staleSince) ?? "an unknown time")")
        }
        let report = StatisticsReport(cacheKind: cache.kind, cache: cache.statistics, repository: repository.statistics)
        if case .success = outcome {
            if format == .table { console.out(console.terminal.dim(report.summary)) }
            if detailedStatistics {
                format == .table ? console.out(report.details) : console.err(report.details)
            }
        }
        _ = try outcome.get()
    }
}
