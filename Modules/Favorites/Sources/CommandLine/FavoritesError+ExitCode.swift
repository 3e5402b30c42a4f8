import CommandLineKit

extension FavoritesError: ReportedError {
    /// The program's exit code for the error (docs/CLI.md lists them).
    public var exitCode: ExitCode {
        switch self {
        case .characterNotFound, .favoriteNotFound: .notFound
        case .alreadyFavorite, .noteTooLong, .noteTooLarge, .noteHasControlCharacters, .damaged, .unreadableFavorite, .newerSchema:
            .dataError
        case .ratingOutOfRange, .misconfigured: .usage
        case .busy: .temporaryFailure
        case .cannotCreateDirectory: .cannotCreate
        case .storage, .readOnly: .ioError
        case .unavailable: .unavailable
        case .accessDenied: .permissionDenied
        }
    }
}
