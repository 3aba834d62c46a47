/// How a use case tells its output that storage failed, shared by every scene.
public protocol StorageFailureOutput {
    func presentStorageUnavailable()
    func presentStorageFailure()
}

extension StorageFailureOutput {
    /// Routes a thrown error to the right storage event.
    public func presentStorage(_ error: any Error) {
        if case GatewayError.unavailable = error {
            presentStorageUnavailable()
        } else {
            presentStorageFailure()
        }
    }
}
