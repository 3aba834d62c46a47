/// How a use case tells its output that it reached a branch its own checks rule out.
///
/// That is a bug in the server, neither the client's input nor the storage's health, so it is
/// told apart from `StorageFailureOutput.presentStorageFailure()`: the outer layers log it
/// loudly, with the reason, where a storage failure is an expected way for a request to end.
public protocol InternalInconsistencyOutput {
    /// A branch the use case's own checks make unreachable was reached; `reason` names the
    /// broken assumption for the operator's log, never for the client.
    func presentInternalInconsistency(_ reason: String)
}
