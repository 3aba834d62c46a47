/// What the contact-update Responder must be able to show.
public protocol ContactUpdatePresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    /// The contact as now stored.
    func showUpdated(_ contact: ContactViewModel)
    /// 412: `current` carries the stored version's ETag.
    func showStale(_ problem: ProblemViewModel, current: ContactViewModel)
}
