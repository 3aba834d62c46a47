import Domain
import Foundation

/// How a `StoredEvent` is read from a row of `events` (written by `OutboxSteps`).
public enum StoredEventRow {
    /// The columns an event is read from, in row order.
    public enum Column: Int32, SQLColumn {
        case seq, user_id, position, type, payload, created_at

        /// `events`.
        public static var table: String { "events" }
    }

    /// The columns `event(_:)` reads, in its order.
    public static let columns = Column.selectList

    /// An event from a row selected with `columns`; a NULL where the schema forbids one is a failure.
    @inlinable
    public static func event<Row: SQLRow>(_ row: Row) throws(GatewayError) -> StoredEvent {
        let row = row.columns(Column.self)
        return StoredEvent(
            sequence: try row.required(.seq), userID: UserID(try row.required(.user_id)), position: try row.required(.position),
            type: try row.required(.type), payload: try row.required(.payload), createdAt: try row.required(.created_at))
    }
}
