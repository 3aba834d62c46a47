import Domain
import Foundation

/// How a `MailRecord` is read from a row of `mail_messages` (queued by `OutboxSteps`).
public enum MailRecordRow {
    /// The columns a message is read from, in row order.
    public enum Column: Int32, SQLColumn {
        case id, kind, recipient, recipient_name, language, secret, created_at, state, attempts, next_attempt_at, last_error, finished_at, details

        /// `mail_messages`.
        public static var table: String { "mail_messages" }
    }

    /// The columns `record(_:)` reads, in its order.
    public static let columns = Column.selectList

    /// A message from a row selected (or returned) with `columns`; a NULL where the schema
    /// forbids one, or an unknown kind or state, is corruption, not a guess.
    @inlinable
    public static func record<Row: SQLRow>(_ row: Row) throws(GatewayError) -> MailRecord {
        let row = row.columns(Column.self)
        let kindName: String = try row.required(.kind)
        let stateName: String = try row.required(.state)
        guard let kind = MailKind(rawValue: kindName) else { throw SQLReadFailure.unreadable(Column.kind, kindName) }
        guard let state = MailState(rawValue: stateName) else { throw SQLReadFailure.unreadable(Column.state, stateName) }
        let request = MailRequest(
            id: try row.required(.id), kind: kind, recipient: try row.required(.recipient), recipientName: try row.required(.recipient_name),
            language: try row.required(.language), secret: row.optional(.secret), details: details(row.optional(.details)),
            createdAt: try row.required(.created_at))
        return MailRecord(
            request: request, state: state, attempts: try row.required(.attempts), nextAttemptAt: try row.required(.next_attempt_at),
            lastError: row.optional(.last_error), finishedAt: row.optional(.finished_at))
    }

    /// `details` as the column stores them: a JSON object with its keys sorted.
    public static func detailsJSON(_ details: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: details, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The details a row stores; none for NULL or text that is not an object of strings.
    @inlinable
    public static func details(_ text: String?) -> [String: String] {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String] else { return [:] }
        return object
    }
}
