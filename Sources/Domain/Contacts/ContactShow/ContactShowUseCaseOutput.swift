/// What showing one contact can lead to.
public protocol ContactShowUseCaseOutput: StorageFailureOutput {
    /// The owner's contact, as stored.
    func presentContact(_ contact: ContactPresentationModel)
    /// Missing, or someone else's: the two are indistinguishable on purpose.
    func presentNotFound(_ id: ContactID)
}
