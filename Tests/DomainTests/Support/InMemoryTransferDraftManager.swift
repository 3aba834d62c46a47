import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// A TransferDraftManager in memory with the SQLite one's rules: owner scoping, expiry on every
/// call, versioned updates.
final class InMemoryTransferDraftManager: UnimplementedTransferDraftManager {
    private let drafts = Mutex<[TransferDraftID: TransferDraftState]>([:])

    var all: [TransferDraftState] { drafts.withLock { Array($0.values) } }

    func insert(_ draft: TransferDraftState) throws {
        drafts.withLock { $0[draft.id] = draft }
    }

    func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState? {
        drafts.withLock { $0[id].flatMap { $0.ownerID == owner && $0.isLive(at: date) ? $0 : nil } }
    }

    func update(_ draft: TransferDraftState, at date: Date) throws -> Bool {
        drafts.withLock { table in
            guard let stored = table[draft.id], stored.ownerID == draft.ownerID, stored.isLive(at: date), stored.version == draft.version else {
                return false
            }
            var next = draft
            next.version += 1
            table[draft.id] = next
            return true
        }
    }

    func purge(expiredAt date: Date, limit: Int) throws -> Int {
        drafts.withLock { table in
            let expired = table.values.filter { $0.expiresAt <= date }.prefix(limit).map(\.id)
            for id in expired { table[id] = nil }
            return expired.count
        }
    }

    func delete(id: TransferDraftID, owner: UserID) throws -> Bool {
        drafts.withLock { table in
            guard table[id]?.ownerID == owner else { return false }
            table[id] = nil
            return true
        }
    }

    /// The transfer manager's side of a submit: removes a live draft of `owner`.
    func consume(id: TransferDraftID, owner: UserID, at date: Date) -> Bool {
        drafts.withLock { table in
            guard let stored = table[id], stored.ownerID == owner, stored.isLive(at: date) else { return false }
            table[id] = nil
            return true
        }
    }
}
