/// What logging out can lead to.
public protocol SessionDeleteUseCaseOutput: StorageFailureOutput {
    func presentLoggedOut()
}
