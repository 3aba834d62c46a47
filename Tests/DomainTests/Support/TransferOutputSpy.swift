import Domain

/// Records, in order, every event any transfer or draft use case reports.
final class TransferOutputSpy: TransferCreateUseCaseOutput, TransferShowUseCaseOutput, TransferListUseCaseOutput,
    TransferDraftCreateUseCaseOutput, TransferDraftShowUseCaseOutput, TransferDraftUpdateUseCaseOutput, TransferDraftSubmitUseCaseOutput
{
    enum Event: Equatable {
        case created(TransferPresentationModel)
        case transfer(TransferPresentationModel)
        case transfers([TransferPresentationModel], next: TransferCursor?)
        case validationFailures([TransferFieldFailure])
        case accountNotFound(AccountID)
        case contactNotFound(ContactID)
        case sameAccount
        case currencyMismatch
        case recipientNotReachable
        case insufficientFunds
        case notFound(TransferID)
        case draftCreated(TransferDraftPresentationModel)
        case draft(TransferDraftPresentationModel)
        case draftNotFound(TransferDraftID)
        case conflict
        case incomplete([TransferDraftStep])
        case storageUnavailable
        case storageFailure
        case internalInconsistency(String)
    }

    private(set) var events: [Event] = []

    func presentCreated(_ transfer: TransferPresentationModel) { events.append(.created(transfer)) }
    func presentTransfer(_ transfer: TransferPresentationModel) { events.append(.transfer(transfer)) }
    func presentTransfers(_ transfers: [TransferPresentationModel], next: TransferCursor?) { events.append(.transfers(transfers, next: next)) }
    func presentValidationFailures(_ failures: [TransferFieldFailure]) { events.append(.validationFailures(failures)) }
    func presentAccountNotFound(_ id: AccountID) { events.append(.accountNotFound(id)) }
    func presentContactNotFound(_ id: ContactID) { events.append(.contactNotFound(id)) }
    func presentSameAccount() { events.append(.sameAccount) }
    func presentCurrencyMismatch() { events.append(.currencyMismatch) }
    func presentRecipientNotReachable() { events.append(.recipientNotReachable) }
    func presentInsufficientFunds() { events.append(.insufficientFunds) }
    func presentNotFound(_ id: TransferID) { events.append(.notFound(id)) }
    func presentCreated(_ draft: TransferDraftPresentationModel) { events.append(.draftCreated(draft)) }
    func presentDraft(_ draft: TransferDraftPresentationModel) { events.append(.draft(draft)) }
    func presentDraftNotFound(_ id: TransferDraftID) { events.append(.draftNotFound(id)) }
    func presentConflict() { events.append(.conflict) }
    func presentIncomplete(_ missing: [TransferDraftStep]) { events.append(.incomplete(missing)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
    func presentInternalInconsistency(_ reason: String) { events.append(.internalInconsistency(reason)) }
}
