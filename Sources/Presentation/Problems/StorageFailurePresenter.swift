import Domain

/// A Presenter whose scene can meet storage trouble; the wording of those outcomes is written
/// here once for every scene.
public protocol StorageFailurePresenter: StorageFailureOutput {
    /// Where the scene's problems go: its Responder.
    var problemOutput: any ProblemPresenterOutput { get }
    /// The client's language.
    var messages: Messages { get }
}

extension StorageFailurePresenter {
    public func presentStorageUnavailable() { problemOutput.showStorageUnavailable(messages.unavailable()) }
    public func presentStorageFailure() { problemOutput.showStorageFailure(messages.failure()) }
    public func presentQuotaExceeded(_ quota: QuotaExceeded) { problemOutput.showQuotaExceeded(messages.quotaExceeded(quota)) }
    /// Every Presenter words a scaffolded UseCase's placeholder outcome the same way.
    public func presentNotImplemented() { problemOutput.showNotImplemented(messages.notImplemented()) }
}
