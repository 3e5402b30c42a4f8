import Foundation

/// What the command line chose, registered in the container for the components to read.
struct AppConfiguration: Sendable {
    /// The fixture directory to serve; nil means the bundled fixtures.
    var fixturesDirectory: URL?
}
