import Domain

/// The answers every Presenter of a scene that resolves a pending transfer shares: not found,
/// already resolved, and (for the recipient) an unverified address.
public protocol TransferResolutionPresenter: IncomingTransferOutput, StorageFailurePresenter {
    /// Where the scene's refusals go.
    var refusalOutput: any NotFoundPresenterOutput & RefusalPresenterOutput { get }
}

extension TransferResolutionPresenter {
    public func presentNotFound(_ id: TransferID) { refusalOutput.showNotFound(TransferFailureWording.notFound(messages: messages)) }

    public func presentAlreadyResolved(_ status: TransferStatus, cancelledBy: TransferParty?) {
        refusalOutput.showRefusal(TransferStatusWording.alreadyResolved(status, cancelledBy: cancelledBy, messages: messages))
    }

    public func presentEmailNotVerified() { refusalOutput.showRefusal(TransferStatusWording.emailNotVerified(messages: messages)) }

    /// The path id, or nil after answering 400 for one that is no id.
    public func transferID(_ id: String, malformed output: any ProblemPresenterOutput) -> TransferID? {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return nil
        }
        return TransferID(id)
    }
}
