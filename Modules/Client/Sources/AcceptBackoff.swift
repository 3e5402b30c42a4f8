/// How the accept loop waits after `accept` fails for want of a resource (descriptors, memory,
/// buffers): 5 ms, doubling up to half a second, until a call succeeds. A run of failures is
/// one episode, logged once, when it starts.
struct AcceptBackoff {
    static let shortest = Duration.milliseconds(5)
    static let longest = Duration.milliseconds(500)

    /// Failures since the last successful `accept`.
    private(set) var failures = 0

    /// Records a failure: how long to wait before trying again, and whether it starts an episode.
    mutating func failed() -> (wait: Duration, startsEpisode: Bool) {
        failures += 1
        let doublings = min(failures - 1, 20)
        return (min(Self.shortest * (1 << doublings), Self.longest), failures == 1)
    }

    /// Records a success, ending the episode.
    mutating func succeeded() {
        failures = 0
    }
}
