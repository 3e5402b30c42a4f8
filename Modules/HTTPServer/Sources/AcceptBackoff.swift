/// How the accept loop waits after `accept` fails for want of a resource (descriptors, memory,
/// buffers): 5 ms, doubling up to half a second, until a call succeeds. Failures less than
/// `quietPeriod` apart are one episode, logged once, when it starts.
struct AcceptBackoff {
    static let shortest = Duration.milliseconds(5)
    static let longest = Duration.milliseconds(500)
    /// How long accepting must go without a failure before the next one starts a new episode.
    static let quietPeriod = Duration.seconds(10)

    /// Failures since the last successful `accept`.
    private var failures = 0
    private var lastFailure: ContinuousClock.Instant?

    /// Records a failure at `now`: how long to wait before trying again, and whether it starts
    /// an episode.
    mutating func failed(at now: ContinuousClock.Instant = .now) -> (wait: Duration, startsEpisode: Bool) {
        let startsEpisode = lastFailure.map { now - $0 >= Self.quietPeriod } ?? true
        lastFailure = now
        failures += 1
        let doublings = min(failures - 1, 20)
        return (min(Self.shortest * (1 << doublings), Self.longest), startsEpisode)
    }

    /// Records a success: the next failure waits the shortest time again.
    mutating func succeeded() {
        failures = 0
    }
}
