/// What showing the current user can lead to.
public protocol MeShowUseCaseOutput: StorageFailureOutput {
    func presentUser(_ user: UserPresentationModel)
    /// The session's user no longer exists.
    func presentUnknownUser()
}
