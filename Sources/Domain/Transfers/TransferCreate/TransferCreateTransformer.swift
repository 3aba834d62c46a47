import Foundation

/// The "send money" event, shared by the one-step path and a draft's submit: checks the request,
/// resolves the recipient to an account, then has storage execute the transfer, which re-checks
/// available funds inside its write.
public struct TransferCreateTransformer {
    private let transfers: any TransferManager
    private let accounts: any AccountManager
    private let contacts: any ContactManager
    private let users: any UserManager
    private let policy: TransferPolicy
    private let clock: any Clock
    private let ids: any IDGenerator
    private let language: String

    /// `language`: what the mail to a pending transfer's address is worded in (the sender's).
    public init(
        transfers: any TransferManager, accounts: any AccountManager, contacts: any ContactManager, users: any UserManager,
        policy: TransferPolicy, clock: any Clock, ids: any IDGenerator, language: String = "en"
    ) {
        self.language = language
        self.transfers = transfers
        self.accounts = accounts
        self.contacts = contacts
        self.users = users
        self.policy = policy
        self.clock = clock
        self.ids = ids
    }

    /// The one-step path; `idempotency`, the key the request holds, is named with the transfer
    /// (`NewTransfer.idempotency`).
    public func transform(
        _ request: TransferCreateRequest, owner: UserID, idempotency: IdempotentRequest? = nil, output: any TransferCreateUseCaseOutput
    ) {
        transform(request, owner: owner, draft: nil, idempotency: idempotency, output: output) {
            output.presentInternalInconsistency("transfer storage answered draftNotFound to a transfer that consumes no draft")
        }
    }

    /// A draft's submit: `draft` is deleted in the transfer's own write transaction, and when it
    /// has gone meanwhile (a racing submit) nothing is stored.
    public func transform(_ request: TransferCreateRequest, owner: UserID, consuming draft: TransferDraftID, output: any TransferDraftSubmitUseCaseOutput) {
        transform(request, owner: owner, draft: draft, idempotency: nil, output: output) { output.presentDraftNotFound(draft) }
    }

    private func transform(
        _ request: TransferCreateRequest, owner: UserID, draft: TransferDraftID?, idempotency: IdempotentRequest?,
        output: any TransferCreateUseCaseOutput, draftGone: () -> Void
    ) {
        do {
            let failures = Self.failures(of: request, policy: policy)
            guard failures.isEmpty else {
                output.presentValidationFailures(failures)
                return
            }
            guard let fromAccountID = request.fromAccountID, let amount = request.amount,
                let recipient = Self.recipient(of: request)
            else { return output.presentInternalInconsistency("a transfer request passed validation without source, amount or recipient") }
            guard let source = try accounts.fetch(id: fromAccountID, owner: owner) else {
                output.presentAccountNotFound(fromAccountID)
                return
            }
            // The decimals a client may send depend on the source's currency, known only now.
            let money: Money
            switch Self.money(amount, in: source.currency) {
            case .success(let parsed): money = parsed
            case .failure(let failure): return output.presentValidationFailures([failure])
            }
            let resolution = try TransferRecipientResolver(accounts: accounts, contacts: contacts, users: users)
                .resolve(recipient, from: source, owner: owner)
            let now = clock.now()
            guard let date = CalendarDate(utc: now) else {
                return output.presentInternalInconsistency("the clock reads \(now), outside the calendar's range")
            }
            let memo = request.memo.flatMap { $0.isEmpty ? nil : $0 }
            let id = TransferID(ids.makeID(prefix: "tr_"))
            var new: NewTransfer
            switch resolution {
            case .resolved(let destination):
                let transfer = Transfer(
                    id: id, ownerID: owner, fromAccountID: source.id, toAccountID: destination.account.id,
                    recipient: recipient, recipientName: destination.recipientName, amount: money, memo: memo,
                    debitTransactionID: TransactionID(ids.makeID(prefix: "t_")), creditTransactionID: TransactionID(ids.makeID(prefix: "t_")),
                    createdAt: now, recipientEmail: destination.email)
                new = NewTransfer(transfer: transfer, date: date, debitDescription: "Transfer to \(destination.recipientName)",
                    creditDescription: destination.creditDescription, recipientID: destination.account.ownerID)
            case .pending(let destination):
                new = try pending(
                    id: id, owner: owner, source: source, recipient: recipient, to: destination, amount: money, memo: memo, at: now, date: date)
            default:
                _ = TransferRecipientResolver.present(resolution, to: output)
                return
            }
            new.idempotency = idempotency
            switch try transfers.execute(new, consuming: draft) {
            case .completed(let stored): output.presentCreated(TransferPresentationModel(stored))
            case .insufficientFunds: output.presentInsufficientFunds()
            case .draftNotFound: draftGone()
            }
        } catch {
            output.presentStorage(error)
        }
    }

    /// Money for an address nobody verified yet: reserved on the source until `holdLifetime`
    /// from now, and a mail to the address saying who sent how much and until when.
    private func pending(
        id: TransferID, owner: UserID, source: Account, recipient: TransferRecipient, to destination: TransferRecipientResolver.PendingDestination,
        amount: Money, memo: String?, at now: Date, date: CalendarDate
    ) throws -> NewTransfer {
        let expiresAt = now.addingTimeInterval(policy.holdLifetime)
        let transfer = Transfer(
            id: id, ownerID: owner, fromAccountID: source.id, toAccountID: nil, recipient: recipient, recipientName: destination.recipientName,
            amount: amount, memo: memo, debitTransactionID: nil, creditTransactionID: nil, createdAt: now, status: .pending,
            recipientEmail: destination.email, expiresAt: expiresAt)
        let sender = try users.fetch(id: owner)?.name ?? source.name
        let mail = MailRequest(
            id: ids.makeID(prefix: "m_"), kind: .transferPending, recipient: destination.email, recipientName: destination.recipientName,
            language: language, details: [
                "sender": sender, "amountMinor": String(amount.minor), "currency": amount.currency.code,
                "expiresAt": String(Int64(exactly: expiresAt.timeIntervalSince1970.rounded(.down)) ?? 0),
            ], createdAt: now)
        return NewTransfer(
            transfer: transfer, date: date, debitDescription: "Transfer to \(destination.recipientName)", creditDescription: "Transfer from \(sender)",
            recipientID: nil, mail: mail)
    }

    /// The request's field failures: each field on its own, in field order.
    static func failures(of request: TransferCreateRequest, policy: TransferPolicy) -> [TransferFieldFailure] {
        var failures: [TransferFieldFailure] = []
        if request.fromAccountID?.rawValue.isEmpty ?? true { failures.append(TransferFieldFailure(field: .fromAccountId, rule: .required)) }
        failures += recipientFailures(toAccountID: request.toAccountID, toContactID: request.toContactID)
        failures += amountFailures(request.amount)
        failures += memoFailures(request.memo, policy: policy)
        return failures
    }

    static func recipientFailures(toAccountID: AccountID?, toContactID: ContactID?) -> [TransferFieldFailure] {
        switch (toAccountID, toContactID) {
        case (.some, .some): [TransferFieldFailure(field: .recipient, rule: .conflictingRecipients)]
        case (.some(let id), .none) where !id.rawValue.isEmpty: []
        case (.none, .some(let id)) where !id.rawValue.isEmpty: []
        default: [TransferFieldFailure(field: .recipient, rule: .required)]
        }
    }

    static func amountFailures(_ amount: DecimalAmount?) -> [TransferFieldFailure] {
        guard let amount else { return [TransferFieldFailure(field: .amount, rule: .required)] }
        return amount.isZero ? [TransferFieldFailure(field: .amount, rule: .notPositive)] : []
    }

    /// An amount checked against a currency.
    enum AmountInCurrency {
        case success(Money)
        case failure(TransferFieldFailure)
    }

    /// `amount` in minor units of `currency`, or the rule it breaks there.
    static func money(_ amount: DecimalAmount, in currency: Currency) -> AmountInCurrency {
        do {
            return .success(try amount.money(in: currency))
        } catch .tooManyDecimals {
            return .failure(TransferFieldFailure(field: .amount, rule: .tooManyDecimals))
        } catch {
            // `.overflow`; `.format` cannot happen, `DecimalAmount` has the parser's syntax.
            return .failure(TransferFieldFailure(field: .amount, rule: .tooLarge))
        }
    }

    static func memoFailures(_ memo: String?, policy: TransferPolicy) -> [TransferFieldFailure] {
        guard let memo, memo.unicodeScalars.count > policy.maximumMemoLength else { return [] }
        return [TransferFieldFailure(field: .memo, rule: .tooLong)]
    }

    private static func recipient(of request: TransferCreateRequest) -> TransferRecipient? {
        if let id = request.toAccountID { return .account(id) }
        if let id = request.toContactID { return .contact(id) }
        return nil
    }
}
