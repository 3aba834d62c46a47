/// The "open account" event: checks the rules, stores the new account, reports it.
public struct AccountCreateTransformer {
    private let accounts: any AccountManager
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(accounts: any AccountManager, clock: any Clock, ids: any IDGenerator) {
        self.accounts = accounts
        self.clock = clock
        self.ids = ids
    }

    /// - Parameters:
    ///   - name: trimmed by the Presenter; nil or empty when not given.
    ///   - currencyCode: as sent; must be an ISO 4217 code of `Currency.known` (upper case).
    public func transform(name: String?, currencyCode: String?, owner: UserID, output: any AccountCreateUseCaseOutput) {
        var failures: [AccountFieldFailure] = []
        if let name, !name.isEmpty {
            if name.unicodeScalars.count > AccountPolicy.maximumNameLength {
                failures.append(AccountFieldFailure(field: .name, rule: .tooLong))
            } else if !VisibleText.isVisibleName(name) {
                failures.append(AccountFieldFailure(field: .name, rule: .invisibleCharacters))
            }
        } else {
            failures.append(AccountFieldFailure(field: .name, rule: .required))
        }
        let currency = currencyCode.flatMap { Currency(code: $0) }
        if let currencyCode, !currencyCode.isEmpty {
            if currency == nil { failures.append(AccountFieldFailure(field: .currency, rule: .unknownCurrency)) }
        } else {
            failures.append(AccountFieldFailure(field: .currency, rule: .required))
        }
        guard failures.isEmpty, let name, let currency else {
            output.presentValidationFailures(failures)
            return
        }
        let account = Account(id: AccountID(ids.makeID(prefix: "a_")), ownerID: owner, name: name, currency: currency, createdAt: clock.now())
        do {
            try accounts.insert(account)
            output.presentCreated(try AccountStanding.presentationModel(of: account, accounts: accounts))
        } catch {
            output.presentStorage(error)
        }
    }
}
