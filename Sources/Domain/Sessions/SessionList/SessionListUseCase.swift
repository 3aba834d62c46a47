/// `GET /v1/sessions`: the signed-in user's active sessions, marking the caller's.
///
/// Bounded rather than paged (`maximumCount`): logins are limited per email and address, and a
/// session ends after its idle timeout, so a user rarely holds more; past it the least recently
/// used are left out.
///
/// Outcomes: `presentSessions(_:)`, storage failures.
public struct SessionListUseCase {
    /// The most sessions one list shows.
    public static let maximumCount = 100

    private let sessions: any SessionManager
    private let user: UserID
    private let tokenDigest: String
    private let clock: any Clock

    public init(sessions: any SessionManager, user: UserID, tokenDigest: String, clock: any Clock) {
        self.sessions = sessions
        self.user = user
        self.tokenDigest = tokenDigest
        self.clock = clock
    }

    public func eventList(output: any SessionListUseCaseOutput) {
        do {
            let found = try sessions.list(userID: user, activeAt: clock.now(), limit: Self.maximumCount)
            output.presentSessions(found.map { SessionSummaryPresentationModel($0, currentTokenDigest: tokenDigest) })
        } catch {
            output.presentStorage(error)
        }
    }
}
