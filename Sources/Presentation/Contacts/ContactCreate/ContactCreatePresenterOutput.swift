/// What the contact-creation Responder must be able to show.
public protocol ContactCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput {
    /// The new contact (201).
    func showCreated(_ contact: ContactViewModel)
}
