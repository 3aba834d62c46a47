/// How a use case tells its output that storage failed, shared by every scene.
public protocol StorageFailureOutput {
    /// Storage is busy or unreachable for now (`GatewayError.unavailable`): worth a retry.
    func presentStorageUnavailable()
    /// Storage failed in a way a retry will not fix (`GatewayError.failure`, corrupt data).
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
