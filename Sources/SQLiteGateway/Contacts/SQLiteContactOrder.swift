import Domain
import SQLRows
import Synchronization

/// Chooses each contact's `seq` so that, up to `top`, `seq` order is list order, (owner_id,
/// sort_name, id), the order of `contacts_owner_sort` (migration 0010).
///
/// The FTS5 index returns its matches in `seq` order; with `seq` in list order, a search reads the
/// index from the owner's first contact (or the cursor's) and stops at the page's last match,
/// however many contacts hold the term.
///
/// A new contact takes a key between its neighbours' keys (1 … `top`): after the last contact, the
/// last key plus `appendStep`; right after or before the contact placed last (a run of names
/// added in order, as an import sorted by name), `runStep` from it, so a run does not halve the
/// room at every step; anywhere else, halfway. When its neighbours' keys touch, the contact is
/// not placed: it takes the next key above `top`, where contacts wait in arrival order, and a
/// search reads them apart (`SQLiteContactManager`). `placeWaiting`, run while the writer is
/// idle (`ContactSearchUpkeep`), places them, respacing the contacts around each place (8, 16,
/// 32… each side) once their keys' span leaves `minimumGap` between any two, with half of it
/// left empty at the place, where the next contacts of a run will go. A write never moves
/// another contact: moving one rewrites its index entries, which only idle time can afford.
final class SQLiteContactOrder: Sendable {
    /// The highest key in list order; keys are ≥ 1, and those above wait to be placed.
    static let top: Int64 = 1 << 62
    let appendStep: Int64
    let runStep: Int64
    let minimumGap: Int64
    /// The key placed last: the next contact of a run is placed `runStep` from it. A hint only,
    /// used and set inside writes, which the one writer runs one at a time.
    private let lastKey = Mutex<Int64>(0)

    init(appendStep: Int64, runStep: Int64, minimumGap: Int64) {
        self.appendStep = appendStep
        self.runStep = runStep
        self.minimumGap = minimumGap
    }

    /// What the server uses: 2^32 after the last contact (as migration 0010 numbers them), runs
    /// 2^16 apart, at least 2^24 between keys after a respacing.
    static func standard() -> SQLiteContactOrder {
        SQLiteContactOrder(appendStep: 1 << 32, runStep: 1 << 16, minimumGap: 1 << 24)
    }

    /// ?1 owner, ?2 sort name, ?3 id, ?4 how many, ?5 a contact to leave out (the one being moved) or NULL:
    /// the keys of the placed contacts before (after) that place in list order, nearest first.
    static let before = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) < (?1, ?2, ?3) AND id IS NOT ?5 AND seq <= \(top) \
        ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT ?4
        """
    static let after = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) > (?1, ?2, ?3) AND id IS NOT ?5 AND seq <= \(top) \
        ORDER BY owner_id, sort_name, id LIMIT ?4
        """
    /// The next key above `top`, for a contact that waits to be placed.
    static let nextWaiting = "SELECT max(max(seq), \(top)) + 1 FROM contacts"
    /// ?1 how many: the waiting contacts, oldest first.
    static let waiting = "SELECT seq, owner_id, sort_name, id FROM contacts WHERE seq > \(top) ORDER BY seq LIMIT ?1"
    static let move = "UPDATE contacts SET seq = ?2 WHERE seq = ?1"
    /// A respacing's moves, as (old, new) rows of a table of the writer's own, applied in two
    /// statements (through negative keys, which no contact holds, so no move lands on a key still
    /// in use): the index is rewritten once per statement, not once per contact.
    static let createMoves = "CREATE TEMP TABLE IF NOT EXISTS contacts_moves (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)"
    static let clearMoves = "DELETE FROM temp.contacts_moves"
    static let addMove = "INSERT INTO temp.contacts_moves (old, new) VALUES (?1, ?2)"
    static let moveAway = """
        UPDATE contacts SET seq = -(SELECT new FROM temp.contacts_moves WHERE old = contacts.seq) \
        WHERE seq IN (SELECT old FROM temp.contacts_moves)
        """
    static let moveBack = "UPDATE contacts SET seq = -seq WHERE seq < 0"

    /// The key for `contact` at its place in list order, or the next waiting key when its
    /// neighbours leave no room (or `keeping`, a waiting key it already holds). Runs inside the
    /// write that stores it; `moving` leaves a stored contact (the one being renamed) out of the
    /// neighbours.
    func key(for contact: Contact, moving: ContactID? = nil, keeping: Int64? = nil, on connection: SQLiteConnection) throws -> Int64 {
        let place = Place(owner: contact.ownerID.rawValue, sortName: contact.sortName, id: contact.id.rawValue, moving: moving?.rawValue)
        if let key = try placedKey(at: place, on: connection) { return key }
        if let keeping, keeping > Self.top { return keeping }
        return try connection.statement(Self.nextWaiting).rows([], { $0.int64(at: 0) }).first ?? Self.top + 1
    }

    /// A free key between the neighbours of `place`, or nil when they touch.
    private func placedKey(at place: Place, on connection: SQLiteConnection) throws -> Int64? {
        let below = try place.keys(Self.before, count: 1, on: connection).first ?? 0
        let above = try place.keys(Self.after, count: 1, on: connection).first
        guard let key = between(below, above, last: lastKey.withLock { $0 }) else { return nil }
        lastKey.withLock { $0 = key }
        return key
    }

    /// Places up to `limit` waiting contacts, oldest first, respacing their neighbours where
    /// needed, each in the open write transaction; how many it placed.
    func placeWaiting(limit: Int, on connection: SQLiteConnection) throws -> Int {
        let waiting = try connection.statement(Self.waiting).rows([.integer(Int64(limit))]) { row in
            (key: row.int64(at: 0), place: Place(owner: row.string(at: 1) ?? "", sortName: row.string(at: 2) ?? "", id: row.string(at: 3) ?? "", moving: nil))
        }
        for (key, place) in waiting {
            // Waiting keys lie above every placed one: the neighbours never include the contact itself.
            let placed = try placedKey(at: place, on: connection) ?? respace(around: place, on: connection)
            try connection.statement(Self.move).run([.integer(key), .integer(placed)])
        }
        return waiting.count
    }

    /// Whether `key` still lies strictly between the neighbours of `contact`'s place (a rename
    /// that keeps its place in list order keeps its key).
    func fits(_ key: Int64, for contact: Contact, on connection: SQLiteConnection) throws -> Bool {
        guard key <= Self.top else { return false }
        let place = Place(owner: contact.ownerID.rawValue, sortName: contact.sortName, id: contact.id.rawValue, moving: contact.id.rawValue)
        let below = try place.keys(Self.before, count: 1, on: connection).first ?? 0
        let above = try place.keys(Self.after, count: 1, on: connection).first ?? Self.top + 1
        return below < key && key < above
    }

    /// A free key strictly between `below` and `above` (nil: after the last key), or nil when they
    /// touch; `last` is the key given last.
    func between(_ below: Int64, _ above: Int64?, last: Int64) -> Int64? {
        guard let above else {
            if below <= Self.top - appendStep { return below + appendStep }
            return Self.top - below >= 2 ? below + (Self.top - below) / 2 : nil
        }
        let gap = above - below
        guard gap >= 2 else { return nil }
        let step = max(1, min(gap / 2, runStep))
        if below == last && below != 0 { return below + step }
        if above == last { return above - step }
        return below + gap / 2
    }

    /// Spreads the keys of the contacts around `place` and returns the key left for it, in the
    /// middle of an empty half of their span.
    private func respace(around place: Place, on connection: SQLiteConnection) throws -> Int64 {
        var width = 8
        while true {
            let below = try place.keys(Self.before, count: width + 1, on: connection)
            let above = try place.keys(Self.after, count: width + 1, on: connection)
            // The keys just outside the window bound it; past either end of the table, the key space does.
            let low = below.count > width ? below[width] : 0
            let high = above.count > width ? above[width] : Self.top + 1
            let window: [Int64] = below.prefix(width).reversed() + Array(above.prefix(width))
            let slot = min(below.count, width)
            let span = high - low
            let gaps = Int64(window.count + 2)
            let wholeTable = below.count <= width && above.count <= width
            if span / gaps >= 2 * minimumGap || (wholeTable && span / gaps >= 2) {
                let hole = span / 2
                let spacing = (span - hole) / gaps
                let keys = window.indices.map { index in
                    low + spacing * Int64(index + 1) + (index >= slot ? hole : 0)
                }
                try move(Array(zip(window, keys)), on: connection)
                let key = low + spacing * Int64(slot + 1) + hole / 2
                lastKey.withLock { $0 = key }
                return key
            }
            guard !wholeTable else {
                throw GatewayError.failure("no room left in the contacts' list-order keys")
            }
            width *= 2
        }
    }

    private func move(_ moves: [(old: Int64, new: Int64)], on connection: SQLiteConnection) throws {
        let moves = moves.filter { $0.old != $0.new }
        guard !moves.isEmpty else { return }
        try connection.execute(Self.createMoves)
        try connection.statement(Self.clearMoves).run()
        for (old, new) in moves {
            try connection.statement(Self.addMove).run([.integer(old), .integer(new)])
        }
        try connection.statement(Self.moveAway).run()
        try connection.statement(Self.moveBack).run()
    }

    /// A place in list order: a contact's owner, sort name and id.
    private struct Place {
        let values: [SQLValue]
        let moving: SQLValue

        init(owner: String, sortName: String, id: String, moving: String?) {
            values = [.text(owner), .text(sortName), .text(id)]
            self.moving = SQLValue(moving)
        }

        func keys(_ sql: String, count: Int, on connection: SQLiteConnection) throws -> [Int64] {
            try connection.statement(sql).rows(values + [.integer(Int64(count)), moving]) { $0.int64(at: 0) }
        }
    }
}
