import Domain

/// Records, in order, every event the account list, show and create use cases report.
final class AccountSceneOutputSpy: AccountListUseCaseOutput, AccountShowUseCaseOutput, AccountCreateUseCaseOutput {
    enum Event: Equatable {
        case accounts([AccountPresentationModel], next: AccountCursor?)
        case noAccounts
        case account(AccountPresentationModel)
        case notFound(AccountID)
        case created(AccountPresentationModel)
        case validationFailures([AccountFieldFailure])
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    func presentAccounts(_ accounts: [AccountPresentationModel], next: AccountCursor?) { events.append(.accounts(accounts, next: next)) }
    func presentNoAccounts() { events.append(.noAccounts) }
    func presentAccount(_ account: AccountPresentationModel) { events.append(.account(account)) }
    func presentNotFound(_ id: AccountID) { events.append(.notFound(id)) }
    func presentCreated(_ account: AccountPresentationModel) { events.append(.created(account)) }
    func presentValidationFailures(_ failures: [AccountFieldFailure]) { events.append(.validationFailures(failures)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
