import Domain

/// A Presenter whose scene can meet the recipient refusals; they are worded here once, each at
/// the pointer of the field that named what was refused.
public protocol TransferRecipientPresenter: TransferRecipientOutput, StorageFailurePresenter {
    /// Where the recipient refusals go: the scene's Responder.
    var refusalOutput: any NotFoundPresenterOutput & ValidationPresenterOutput { get }
    /// The source the body named, when it named one: an unknown account is then told apart
    /// from an unknown recipient account.
    var sourceAccountID: AccountID? { get }
    /// Whether the recipient was named by `toContactId` (else `toAccountId`).
    var recipientIsContact: Bool { get }
}

extension TransferRecipientPresenter {
    private var recipientPointer: String {
        recipientIsContact ? TransferFailureWording.toContactPointer : TransferFailureWording.toAccountPointer
    }

    public func presentAccountNotFound(_ id: AccountID) {
        let pointer = id == sourceAccountID ? TransferFailureWording.fromAccountPointer : TransferFailureWording.toAccountPointer
        refusalOutput.showNotFound(TransferFailureWording.referenceNotFound(at: pointer, contact: false, messages: messages))
    }

    public func presentContactNotFound(_ id: ContactID) {
        refusalOutput.showNotFound(TransferFailureWording.referenceNotFound(at: TransferFailureWording.toContactPointer, contact: true, messages: messages))
    }

    public func presentSameAccount() {
        refusalOutput.showValidationFailures(TransferFailureWording.sameAccount(at: recipientPointer, messages: messages))
    }

    public func presentCurrencyMismatch() { refusalOutput.showValidationFailures(TransferFailureWording.currencyMismatch(messages: messages)) }

    public func presentRecipientNotReachable() {
        refusalOutput.showValidationFailures(TransferFailureWording.recipientNotReachable(messages: messages))
    }
}
