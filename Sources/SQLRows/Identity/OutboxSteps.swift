import Domain
import Foundation

/// Appending to the outbox, inside the transaction of the change that causes it: the event takes
/// its user's next position (bumping `users.last_event_position` also orders two appends for one
/// user on PostgreSQL, by the row lock), and its mail is queued beside it.
public enum OutboxSteps {
    public static let nextPosition = "UPDATE users SET last_event_position = last_event_position + 1 WHERE id = ?1 RETURNING last_event_position"
    public static let insertEvent = "INSERT INTO events (user_id, position, type, payload, created_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING seq"
    /// `nextPosition` and `insertEvent` as one statement, where the dialect allows an `UPDATE` in
    /// `WITH` (`SQLDialect.updatesInWith`), so a write can send it without waiting. The position is
    /// a scalar subquery: a missing user gives NULL, which `events.position NOT NULL` refuses,
    /// where a join would insert nothing and fail silently. Parameters: ?1 user, ?2 type, ?3
    /// payload, ?4 created_at.
    public static let appendEvent = """
        WITH bumped AS (UPDATE users SET last_event_position = last_event_position + 1 WHERE id = ?1 RETURNING last_event_position) \
        INSERT INTO events (user_id, position, type, payload, created_at) VALUES (?1, (SELECT last_event_position FROM bumped), ?2, ?3, ?4)
        """
    /// `appendEvent`, taking a position and writing the event only while `condition` holds (it
    /// names its parameters from ?5 on); nothing otherwise. For a change sent as a conditional
    /// statement (`SQLColumnText.insert(into:_:where:)`), whose event must follow it without a
    /// read in between. Selected from `bumped`, not a scalar subquery: no position, no row.
    public static func appendEvent(where condition: String) -> String {
        """
        WITH bumped AS (UPDATE users SET last_event_position = last_event_position + 1 WHERE id = ?1 AND \(condition) RETURNING last_event_position) \
        INSERT INTO events (user_id, position, type, payload, created_at) SELECT ?1, last_event_position, ?2, ?3, ?4 FROM bumped
        """
    }
    public static let insertMail = """
        INSERT INTO mail_messages (id, event_seq, user_id, recipient, recipient_name, language, kind, secret, details, state, next_attempt_at, created_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?10, 'queued', ?9, ?9)
        """

    /// Appends `events` in their users' id order: a change that tells two users (a transfer)
    /// takes their row locks in the one order every such change uses, so two of them in opposite
    /// directions on PostgreSQL cannot deadlock on the `users` rows.
    @inlinable
    public static func append<Connection: SQLConnection>(_ events: [OutboxEvent], on connection: Connection) throws {
        try append(events.map { Notice(event: $0) }, on: connection)
    }

    /// Appends `notices` in their users' id order, as `append(_:on:)` of events does.
    @inlinable
    public static func append<Connection: SQLConnection>(_ notices: [Notice], on connection: Connection) throws {
        for notice in inUserOrder(notices, \.event.userID) {
            try append(notice, on: connection)
        }
    }

    /// Queues `event` (without mail) with `statement`, an `appendEvent(where:)`, its condition's
    /// parameters `conditionValues`.
    @inlinable
    public static func append<Connection: SQLConnection>(
        _ event: OutboxEvent, with statement: String, conditionValues: [SQLValue], on connection: Connection
    ) throws {
        try connection.enqueue(statement, eventValues(of: event) + conditionValues)
        connection.wakeLiveStreams(of: event.userID)
    }

    /// Queues `events` (without mail) in their users' id order, as `append(_:on:)` does, each
    /// with `statement` and `conditionValues` as `append(_:with:conditionValues:on:)`.
    @inlinable
    public static func append<Connection: SQLConnection>(
        _ events: [OutboxEvent], with statement: String, conditionValues: [SQLValue], on connection: Connection
    ) throws {
        for event in inUserOrder(events, \.userID) {
            try append(event, with: statement, conditionValues: conditionValues, on: connection)
        }
    }

    /// `items` in the id order of their users (`user`): the one order every change that tells
    /// several users locks their rows in.
    @inlinable
    static func inUserOrder<Item>(_ items: [Item], _ user: (Item) -> UserID) -> [Item] {
        items.sorted { user($0).rawValue < user($1).rawValue }
    }

    /// `appendEvent`'s parameters for `event`.
    @inlinable
    static func eventValues(of event: OutboxEvent) -> [SQLValue] {
        [.text(event.userID.rawValue), .text(event.type.rawValue), .text(event.payloadJSON), .integer(Milliseconds.from(event.createdAt))]
    }

    /// Appends `notice`'s event and queues its mail. An event without mail is sent as one
    /// statement the write does not wait on where the dialect allows (`appendEvent`); mail needs
    /// the event's sequence number, so it keeps the two statements and reads it.
    @inlinable
    public static func append<Connection: SQLConnection>(_ notice: Notice, on connection: Connection) throws {
        let event = notice.event
        if notice.mail == nil, Connection.dialect.updatesInWith {
            try connection.enqueue(appendEvent, eventValues(of: event))
            connection.wakeLiveStreams(of: event.userID)
            return
        }
        guard let position = try connection.rows(nextPosition, [.text(event.userID.rawValue)], { $0.int64(at: 0) }).first else {
            throw GatewayError.failure("no user \(event.userID.rawValue) to append an event to")
        }
        let created = Milliseconds.from(event.createdAt)
        let sequence = try connection.rows(
            insertEvent, [.text(event.userID.rawValue), .integer(position), .text(event.type.rawValue), .text(event.payloadJSON), .integer(created)]
        ) { $0.int64(at: 0) }.first
        connection.wakeLiveStreams(of: event.userID)
        guard let mail = notice.mail else { return }
        try connection.run(insertMail, [
            .text(mail.id), sequence.map { .integer($0) } ?? .null, .text(event.userID.rawValue), .text(mail.recipient), .text(mail.recipientName),
            .text(mail.language), .text(mail.kind.rawValue), mail.secret.map { .text($0) } ?? .null, .integer(Milliseconds.from(mail.createdAt)),
            mail.details.isEmpty ? .null : .text(MailRecordRow.detailsJSON(mail.details)),
        ])
    }
}
