/// `GET /v1/me`: the authenticated user.
///
/// Outcomes: `presentUser(_:)`, `presentUnknownUser()`, storage failures.
public struct MeShowUseCase {
    private let users: any UserManager
    private let user: UserID

    public init(users: any UserManager, user: UserID) {
        self.users = users
        self.user = user
    }

    public func eventShow(output: any MeShowUseCaseOutput) {
        do {
            guard let found = try users.fetch(id: user) else {
                output.presentUnknownUser()
                return
            }
            output.presentUser(UserPresentationModel(found))
        } catch {
            output.presentStorage(error)
        }
    }
}
