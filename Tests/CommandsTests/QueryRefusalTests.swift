import Browse
import BrowseTesting
import CommandLineKit
import Commands
import Testing

/// `list`'s query flags go to the provider as given: a value it refuses is a usage error with
/// its message, on one line, with nothing on standard output.
@Suite struct QueryRefusalTests {
    /// `list` with `flags`, read by the program's parser, over the catalogue.
    private func list(_ flags: [String]) async throws -> CommandRun {
        guard case .list(let request) = try InvocationParser.request(["list"] + flags) else {
            throw NotAList(flags: flags)
        }
        let (repository, cache) = Catalogue.repository()
        return await CommandRun { ListCommand(request, repository: repository, cache: cache, console: $0) }
    }

    /// Thrown when the flags a test gives do not make a `list` request.
    struct NotAList: Error {
        let flags: [String]
    }

    @Test(arguments: [
        (["--order-by", "colour"], "colour is not a valid ordering parameter for orderBy."),
        (["--name="], "name cannot be blank if it is set."),
        (["--modified-since", "soon"], "soon is not a valid date for modifiedSince."),
        (["--events", "1,2,3,4,5,6,7,8,9,10,11"], "You may not submit more than 10 values for events."),
        (["--stories", "one"], "one is not a valid value for stories."),
    ])
    func aRefusedParameterIsAUsageErrorWithTheProvidersMessage(_ flags: [String], _ message: String) async throws {
        let run = try await list(flags)
        #expect(run.report == ErrorReport(message: "Invalid request: \(message)", exitCode: .usage))
        #expect(run.out.isEmpty)
    }

    @Test func anImpossibleDateIsRefusedNotMovedToTheNextMonth() async throws {
        let run = try await list(["--modified-since", "2014-02-30"])
        #expect(run.report == ErrorReport(message: "Invalid request: 2014-02-30 is not a valid date for modifiedSince.", exitCode: .usage))
        let leap = try await list(["--modified-since", "2016-02-29", "--limit", "1"])
        #expect(leap.exitCode == .ok, "\(String(describing: leap.report))")
    }
}
