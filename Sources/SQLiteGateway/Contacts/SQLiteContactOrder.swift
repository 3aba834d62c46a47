import Domain
import SQLRows

/// Chooses each contact's `seq` so that `seq` order is list order, (owner_id, sort_name, id), the
/// order of `contacts_owner_sort` (migration 0010).
///
/// The FTS5 index returns its matches in `seq` order; with `seq` in list order, a search reads the
/// index from the owner's first contact (or the cursor's) and stops at the page's last match,
/// however many contacts hold the term. A new contact takes a key halfway between its
/// neighbours'; one after the last contact takes the last key plus `step`. When two neighbours'
/// keys touch, the contacts around the new one are respaced evenly, in windows of 8, 64, 512…
/// contacts each side until the window's keys leave `spacing` between any two: with keys up to
/// 2^62, a book of a million contacts starts ~2^42 apart, so that is rare and small.
struct SQLiteContactOrder: Sendable {
    /// The highest key handed out; keys are ≥ 1.
    static let top: Int64 = 1 << 62
    /// The room left after the last contact, for the one after it.
    let step: Int64
    /// The least room a respacing leaves between two neighbours' keys.
    let spacing: Int64

    /// What the server uses: the last contact plus 2^32 (as migration 0010 numbers), respaced to at least 2^16.
    static let standard = SQLiteContactOrder(step: 1 << 32, spacing: 1 << 16)

    /// ?1 owner, ?2 sort name, ?3 id, ?4 how many, ?5 a contact to leave out (the one being moved) or NULL:
    /// the keys of the contacts before (after) that place in list order, nearest first.
    static let before = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) < (?1, ?2, ?3) AND id IS NOT ?5 \
        ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT ?4
        """
    static let after = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) > (?1, ?2, ?3) AND id IS NOT ?5 \
        ORDER BY owner_id, sort_name, id LIMIT ?4
        """
    static let move = "UPDATE contacts SET seq = ?2 WHERE seq = ?1"

    /// The key for `contact` at its place in list order, respacing its neighbours if they leave no
    /// room. Runs inside the write that stores it; `moving` leaves a stored contact (the one being
    /// renamed) out of the neighbours.
    func key(for contact: Contact, moving: ContactID? = nil, on connection: SQLiteConnection) throws -> Int64 {
        let place = Place(contact: contact, moving: moving)
        let below = try place.keys(Self.before, count: 1, on: connection).first ?? 0
        let above = try place.keys(Self.after, count: 1, on: connection).first
        if let key = between(below, above) { return key }
        return try respace(around: place, on: connection)
    }

    /// Whether `key` still lies strictly between the neighbours of `contact`'s place (a rename
    /// that keeps its place in list order keeps its key).
    func fits(_ key: Int64, for contact: Contact, on connection: SQLiteConnection) throws -> Bool {
        let place = Place(contact: contact, moving: contact.id)
        let below = try place.keys(Self.before, count: 1, on: connection).first ?? 0
        let above = try place.keys(Self.after, count: 1, on: connection).first ?? Self.top + 1
        return below < key && key < above
    }

    /// A free key strictly between `below` and `above` (nil: after the last key), or nil when they touch.
    func between(_ below: Int64, _ above: Int64?) -> Int64? {
        guard let above else {
            if below <= Self.top - step { return below + step }
            return Self.top - below >= 2 ? below + (Self.top - below) / 2 : nil
        }
        return above - below >= 2 ? below + (above - below) / 2 : nil
    }

    /// Spreads the keys of the contacts around `place` evenly and returns the key left for it.
    private func respace(around place: Place, on connection: SQLiteConnection) throws -> Int64 {
        var width = 8
        while true {
            let below = try place.keys(Self.before, count: width + 1, on: connection)
            let above = try place.keys(Self.after, count: width + 1, on: connection)
            // The keys just outside the window bound it; past either end of the table, the key space does.
            let low = below.count > width ? below[width] : 0
            let high = above.count > width ? above[width] : Self.top + 1
            // The window's contacts in list order, with nil for the new place among them.
            let window: [Int64?] = below.prefix(width).reversed().map { $0 } + [nil] + above.prefix(width).map { $0 }
            let slot = min(below.count, width)
            let room = (high - low) / Int64(window.count + 1)
            let wholeTable = below.count <= width && above.count <= width
            if room >= spacing || (wholeTable && room >= 1) {
                let keys = window.indices.map { low + room * Int64($0 + 1) }
                let moves = zip(window, keys).compactMap { old, new in old.flatMap { $0 == new ? nil : ($0, new) } }
                // Through negative keys, which no contact holds, so no move lands on a key still in use.
                for (old, new) in moves { try connection.statement(Self.move).run([.integer(old), .integer(-new)]) }
                for (_, new) in moves { try connection.statement(Self.move).run([.integer(-new), .integer(new)]) }
                return keys[slot]
            }
            guard !wholeTable else {
                throw GatewayError.failure("no room left in the contacts' list-order keys")
            }
            width *= 8
        }
    }

    /// A place in list order: the contact's owner, sort name and id.
    private struct Place {
        let values: [SQLValue]
        let moving: SQLValue

        init(contact: Contact, moving: ContactID?) {
            values = [.text(contact.ownerID.rawValue), .text(contact.sortName), .text(contact.id.rawValue)]
            self.moving = SQLValue(moving?.rawValue)
        }

        func keys(_ sql: String, count: Int, on connection: SQLiteConnection) throws -> [Int64] {
            try connection.statement(sql).rows(values + [.integer(Int64(count)), moving]) { $0.int64(at: 0) }
        }
    }
}
