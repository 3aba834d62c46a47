import Domain
import Foundation

/// How an `IdempotencyRecord` is laid out in a row of `idempotency_records`, both ways.
public enum IdempotencyRow {
    /// The columns a record is read from, in row order (its owner and key are what it was found by).
    public enum Column: Int32, SQLColumn {
        case fingerprint, state, response_status, response_headers, response_body, created_at, transfer_id

        /// `idempotency_records`.
        public static var table: String { "idempotency_records" }
    }

    /// The columns `record(_:owner:key:)` reads, in its order.
    public static let columns = Column.selectList

    /// A record of `owner` and `key` from a row selected with `columns`; a NULL where the schema
    /// or the state requires a value, an unknown state or unreadable stored headers are storage
    /// corruption, a failure.
    @inlinable
    public static func record<Row: SQLRow>(_ row: Row, owner: UserID, key: IdempotencyKey) throws -> IdempotencyRecord {
        let row = row.columns(Column.self)
        let state: IdempotencyRecord.State
        let stored: String = try row.required(.state)
        switch stored {
        case "in_flight":
            state = .inFlight
        case "completed":
            // Headers are written with every completion; a record without any had none.
            let headers = try row.optional(.response_headers, as: String.self).map(decode) ?? []
            state = .completed(StoredResponse(status: try row.required(.response_status), headers: headers, body: try row.required(.response_body)))
        default:
            throw SQLReadFailure.unreadable(Column.state, stored)
        }
        let transfer: String? = row.optional(.transfer_id)
        return IdempotencyRecord(
            ownerID: owner, key: key, fingerprint: try row.required(.fingerprint), state: state, createdAt: try row.required(.created_at),
            transferID: transfer.map(TransferID.init))
    }

    /// Parameters 1…5 of a completion: owner, key, status, headers, body.
    public static func completionValues(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> [SQLValue] {
        [.text(owner.rawValue), .text(key.rawValue), .integer(Int64(response.status)), .text(try encode(response.headers)), .blob(response.body)]
    }

    /// `[[name, value], …]`: JSON keeps any header text intact, order included.
    static func encode(_ headers: [StoredResponse.Header]) throws -> String {
        let data = try JSONEncoder().encode(headers.map { [$0.name, $0.value] })
        return String(decoding: data, as: UTF8.self)
    }

    /// The headers `encode` wrote; anything else is a failure.
    @usableFromInline
    static func decode(_ text: String) throws -> [StoredResponse.Header] {
        let pairs: [[String]]
        do {
            pairs = try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
        } catch {
            throw GatewayError.failure("malformed stored headers")
        }
        return try pairs.map { pair in
            guard pair.count == 2 else { throw GatewayError.failure("malformed stored header") }
            return StoredResponse.Header(name: pair[0], value: pair[1])
        }
    }
}
