import Browse
import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Repository

/// The commands built from their requests' parts, as the tests name them.
extension ListCommand {
    init(
        offset: Int, limit: Int, query: CharacterQuery, repository: any CharacterRepository, cache: CacheObserver, format: OutputFormat,
        detailedStatistics: Bool, console: Console
    ) {
        var request = Request()
        (request.offset, request.limit, request.query) = (offset, limit, query)
        (request.format, request.detailedStatistics) = (format, detailedStatistics)
        self.init(request, repository: repository, cache: cache, console: console)
    }
}

extension ShowCommand {
    init(
        id: Int, repository: any CharacterRepository, cache: CacheObserver, format: OutputFormat, detailedStatistics: Bool,
        console: Console
    ) {
        var request = Request(id: id)
        (request.format, request.detailedStatistics) = (format, detailedStatistics)
        self.init(request, repository: repository, cache: cache, console: console)
    }
}

/// A run of a command on a recording console.
typealias CommandRun = RecordedRun
