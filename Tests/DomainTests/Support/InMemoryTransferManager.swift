import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// A TransferManager in memory with the SQLite one's rules: the funds check, the legs and the
/// draft's removal happen under one lock, all or nothing. Balances live in the account manager's
/// `balances`.
final class InMemoryTransferManager: UnimplementedTransferManager {
    private let state = Mutex<(transfers: [Transfer], legs: [Transaction])>(([], []))
    private let accounts: InMemoryAccountManager
    private let drafts: InMemoryTransferDraftManager?

    init(accounts: InMemoryAccountManager, drafts: InMemoryTransferDraftManager? = nil) {
        self.accounts = accounts
        self.drafts = drafts
    }

    var all: [Transfer] { state.withLock { $0.transfers } }
    var legs: [Transaction] { state.withLock { $0.legs } }

    func execute(_ new: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        let transfer = new.transfer
        return try state.withLock { stored in
            guard let source = try accounts.fetch(id: transfer.fromAccountID) else { return .insufficientFunds }
            let amounts = try accounts.amounts(of: source.id)
            guard transfer.amount.minor <= amounts.balance + source.creditLimit - amounts.pending else { return .insufficientFunds }
            if let draft, let drafts {
                guard drafts.consume(id: draft, owner: transfer.ownerID, at: transfer.createdAt) else { return .draftNotFound }
            }
            if let to = transfer.toAccountID {
                accounts.balances.withLock { balances in
                    balances[transfer.fromAccountID, default: 0] -= transfer.amount.minor
                    balances[to, default: 0] += transfer.amount.minor
                }
            } else {
                accounts.holds.withLock { $0[transfer.fromAccountID, default: 0] += transfer.amount.minor }
            }
            stored.transfers.append(transfer)
            stored.legs += new.legs
            return .completed(transfer)
        }
    }

    func fetch(id: TransferID, owner: UserID) throws -> Transfer? {
        state.withLock { $0.transfers.first { $0.id == id && $0.ownerID == owner } }
    }

    func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        state.withLock { stored in
            stored.transfers.filter { $0.ownerID == owner }
                .sorted { ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue) }
                .filter { transfer in
                    guard let cursor else { return true }
                    return (transfer.createdAt, transfer.id.rawValue) < (cursor.createdAt, cursor.id.rawValue)
                }
                .prefix(limit).map { $0 }
        }
    }
}
