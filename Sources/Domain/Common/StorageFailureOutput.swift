/// How a use case tells its output that storage failed, shared by every scene.
public protocol StorageFailureOutput {
    /// Storage is busy or unreachable for now (`GatewayError.unavailable`): worth a retry.
    func presentStorageUnavailable()
    /// Storage failed in a way a retry will not fix (`GatewayError.failure`, corrupt data).
    func presentStorageFailure()
    /// The owner already holds as many of these as a user may (`GatewayError.quotaExceeded`);
    /// nothing was stored.
    func presentQuotaExceeded(_ quota: QuotaExceeded)
}

extension StorageFailureOutput {
    /// Routes a thrown error to the right storage event.
    public func presentStorage(_ error: any Error) {
        switch error {
        case GatewayError.unavailable: presentStorageUnavailable()
        case GatewayError.quotaExceeded(let quota): presentQuotaExceeded(quota)
        default: presentStorageFailure()
        }
    }

    /// An output whose writes no quota limits (an operator command, a test spy) hears a quota it
    /// meets anyway as a storage failure: it cannot happen there unless storage is inconsistent.
    public func presentQuotaExceeded(_ quota: QuotaExceeded) {
        presentStorageFailure()
    }
}
