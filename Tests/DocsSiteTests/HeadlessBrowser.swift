import Foundation
import Processes
import TestSupport

/// Debian's `chromium` (on macOS, Google Chrome or Chromium from /Applications) without a window:
/// loads a page, runs its scripts for a budget of virtual time, and prints the document as the
/// scripts left it.
enum HeadlessBrowser {
    /// Why the browser tests are skipped, and how to enable them.
    static let installHint =
        "chromium is not installed; install it (apt-get install chromium; on macOS brew install --cask google-chrome) to run these tests"

    /// The browser's path: `chromium` (or `chromium-browser`) on PATH, else macOS's Chrome or Chromium app.
    static let executablePath: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let apps = ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"]
        let candidates = directories.flatMap { ["\($0)/chromium", "\($0)/chromium-browser"] } + apps
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether a browser is installed.
    static var isInstalled: Bool { executablePath != nil }

    /// The most one page may take, start to end: the browser's start on a loaded machine included.
    static let timeout = Duration.seconds(180)

    /// The DOM of `url` once its scripts have run for `budget` milliseconds of virtual time;
    /// throws `Failure` when the browser fails or outlives `timeout`.
    static func renderedDOM(of url: URL, budget: Int = 20_000) async throws -> String {
        guard let executablePath else { throw Failure(description: installHint) }
        let profile = try ScratchDirectory(prefix: "excelsior-chromium")
        // As root, Chromium starts only without its sandbox.
        let sandbox = getuid() == 0 ? ["--no-sandbox"] : []
        let arguments =
            [executablePath, "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] + sandbox
            + ["--user-data-dir=\(profile.url.path)", "--virtual-time-budget=\(budget)", "--dump-dom", url.absoluteString]
        let result = try await ChildProcess.run(arguments, timeout: timeout)
        guard result.termination == .exited(0) else {
            let said = result.errorText.split(whereSeparator: \.isNewline).suffix(3).joined(separator: " / ")
            throw Failure(description: "chromium \(result.termination) loading \(url): \(said)")
        }
        return result.outputText
    }

    /// Why a page could not be loaded.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
