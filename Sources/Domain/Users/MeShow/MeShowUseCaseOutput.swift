/// What showing the current user can lead to.
public protocol MeShowUseCaseOutput: StorageFailureOutput {
    /// The signed-in user.
    func presentUser(_ user: UserPresentationModel)
    /// The session's user no longer exists.
    func presentUnknownUser()
}
