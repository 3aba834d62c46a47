/// The outages of one wake-up connection (the outbox notifier's or listener's): how long to wait
/// before trying again, and which failure to report. A server that is down makes every retry
/// fail; one line per outage tells the operator, one per retry would bury the log.
struct WakeupOutage {
    /// The first wait: a restarted server is usually back within it.
    static let firstDelay = 0.1
    /// The longest wait, so a server back after a long outage is found again soon.
    static let longestDelay = 5.0

    private let role: String
    private var failures = 0

    /// The outages of the connection `role` names in reports ("outbox listener").
    init(role: String) {
        self.role = role
    }

    /// Counts a failed attempt: the seconds to wait before the next, and the error to report when
    /// this failure starts an outage (nil for the outage's later ones).
    mutating func failed(_ error: any Error) -> (delay: Double, report: (any Error)?) {
        failures += 1
        // Doubling from the first wait, jittered so instances that lost the server together do
        // not all knock again at the same instant; the exponent stops growing at the ceiling.
        let doubled = Self.firstDelay * Double(1 << min(failures - 1, 16))
        let delay = min(Self.longestDelay, doubled) * Double.random(in: 0.8...1.2)
        return (delay, failures == 1 ? labelled(error) : nil)
    }

    /// The connection works again: the next failure starts a new outage.
    mutating func recovered() {
        failures = 0
    }

    /// `error` saying which connection failed, since the operator's log has no other context.
    private func labelled(_ error: any Error) -> any Error {
        guard var error = error as? PostgresError else { return error }
        error.message = "\(role) (retrying until the server answers): \(error.message)"
        return error
    }
}
